import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiError } from '../common/api-error';
import { EmailVerification } from './email-verification';
import {
  UsersService,
  normaliseEmail,
  type ExternalProfile,
  type UserRecord,
} from '../users/users.service';
import { toPublicUser, type PublicUserDto } from '../users/public-user';
import type { AuthUser } from './auth-user';
import type { AccessTokenClaims } from './jwt.strategy';
import { LoginLockout } from './login-lockout';
import { hashPassword, verifyPassword } from './passwords';
import { SessionsService, type IssuedRefreshToken, type LoginClient } from './sessions.service';
import type { LoginDto, RegisterDto, UpdateProfileDto } from './dto/auth.dto';

export interface SignedIn {
  accessToken: string;
  refresh: IssuedRefreshToken;
  user: PublicUserDto;
}

const INVALID_LOGIN = 'Invalid e-mail or password';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly jwt: JwtService,
    private readonly verification: EmailVerification,
    private readonly lockout: LoginLockout,
  ) {}

  /** An access token of the login `sessionId` (a refresh-token family). */
  private accessTokenFor(user: UserRecord, sessionId: string): string {
    const claims: AccessTokenClaims = {
      sub: user._id.toString(),
      email: user.email,
      role: user.role,
      name: user.displayName,
      picture: user.photoURL ?? '',
      sid: sessionId,
      ev: user.emailVerified === true,
    };
    return this.jwt.sign(claims);
  }

  private async signIn(
    user: UserRecord,
    refresh?: IssuedRefreshToken,
    client?: LoginClient,
  ): Promise<SignedIn> {
    const session = refresh ?? (await this.sessions.start(user._id.toString(), client));
    return {
      accessToken: this.accessTokenFor(user, session.family),
      refresh: session,
      user: toPublicUser(user),
    };
  }

  async register(dto: RegisterDto, client?: LoginClient): Promise<SignedIn> {
    const user = await this.users.create({
      email: dto.email,
      displayName: dto.name,
      passwordHash: await hashPassword(dto.password),
    });
    this.verification.sendLink(user);
    return this.signIn(user, undefined, client);
  }

  /** Locked after too many wrong passwords (LoginLockout), the same for an unknown address. */
  async login(dto: LoginDto, client?: LoginClient): Promise<SignedIn> {
    const email = normaliseEmail(dto.email);
    await this.lockout.check(email);
    const user = await this.users.findByEmail(email);
    if (!(await verifyPassword(user?.passwordHash, dto.password)) || !user) {
      await this.lockout.failed(email);
      throw new ApiError(401, INVALID_LOGIN, 'INVALID_CREDENTIALS');
    }
    await this.lockout.clear(email);
    return this.signIn(user, undefined, client);
  }

  async signInWithProfile(profile: ExternalProfile, client?: LoginClient): Promise<SignedIn> {
    const { user, endedPassword } = await this.users.findOrCreateFromProfile(profile);
    // Whoever registered the address with that password is signed out everywhere.
    if (endedPassword) await this.sessions.revokeAllOf(user._id.toString());
    return this.signIn(user, undefined, client);
  }

  async refresh(refreshToken: string): Promise<SignedIn> {
    const { userId, next } = await this.sessions.rotate(refreshToken);
    const user = await this.users.findById(userId);
    if (!user) throw new ApiError(401, 'This account no longer exists.', 'SESSION_ENDED');
    return this.signIn(user, next);
  }

  logout(refreshToken: string | undefined): Promise<void> {
    return refreshToken ? this.sessions.revoke(refreshToken) : Promise.resolve();
  }

  async me(userId: string): Promise<PublicUserDto> {
    const user = await this.users.findById(userId);
    if (!user) throw new ApiError(401, 'This account no longer exists.', 'SESSION_ENDED');
    return toPublicUser(user);
  }

  /** Changes the profile; the new access token (with the new name) stays in the caller's login. */
  async updateProfile(
    caller: AuthUser,
    changes: UpdateProfileDto,
  ): Promise<SignedIn['user'] & { accessToken: string }> {
    const user = await this.users.updateProfile(caller.id, changes);
    return { ...toPublicUser(user), accessToken: this.accessTokenFor(user, caller.sessionId) };
  }
}
