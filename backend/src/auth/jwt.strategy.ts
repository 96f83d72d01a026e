import { API_TOKEN_AUDIENCE, jwtKey } from './access-tokens';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { WINDOW_SECONDS, rateLimitKey, type CountedRequest } from '../common/rate-limit/rate-limit';
import type { Role } from '../common/role';
import type { AuthUser } from './auth-user';
import { SessionsService } from './sessions.service';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: Role;
  name: string;
  picture: string;
  /** The refresh-token family (the login) the token was issued for. */
  sid: string;
  /** Whether the account's e-mail was verified when the token was issued. */
  ev?: boolean;
}

/** Bearer access tokens: signed, for the API, unexpired, and of a login that was not ended. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: jwtKey(config.auth.jwtSecret),
      algorithms: ['HS256'],
      audience: API_TOKEN_AUDIENCE,
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(request: CountedRequest, claims: AccessTokenClaims): Promise<AuthUser> {
    if (typeof claims.sid !== 'string' || (await this.isRevoked(request, claims))) {
      throw new ApiError(401, 'Your session has ended; please log in again.', 'SESSION_ENDED');
    }
    return {
      id: claims.sub,
      email: claims.email,
      role: claims.role,
      displayName: claims.name,
      photoURL: claims.picture,
      sessionId: claims.sid,
      emailVerified: claims.ev === true,
    };
  }

  /**
   * Whether the login was ended; on a route with a per-user rate limit, the call is counted in the
   * same Redis round trip (RateLimitGuard reads the count from the request).
   */
  private async isRevoked(request: CountedRequest, claims: AccessTokenClaims): Promise<boolean> {
    const bucket = request.rateLimitBucket;
    if (!bucket) return this.sessions.isAccessRevoked(claims.sid);
    const key = rateLimitKey(this.config, bucket, `u:${claims.sub}`);
    const checked = await this.sessions.isAccessRevokedCounting(claims.sid, key, WINDOW_SECONDS);
    request.rateLimitCount = checked.counted;
    return checked.revoked;
  }
}
