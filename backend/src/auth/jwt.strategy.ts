import { API_TOKEN_AUDIENCE, jwtKey } from './access-tokens';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import type { AuthUser, Role } from './auth-user';
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
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: jwtKey(config.auth.jwtSecret),
      algorithms: ['HS256'],
      audience: API_TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthUser> {
    if (typeof claims.sid !== 'string' || (await this.sessions.isAccessRevoked(claims.sid))) {
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
}
