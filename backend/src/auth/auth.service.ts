import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiError } from '../common/api-error';
import { UsersService, type ExternalProfile, type UserRecord } from '../users/users.service';
import { toPublicUser, type PublicUserDto } from '../users/public-user';
import type { AccessTokenClaims } from './jwt.strategy';
import { hashPassword, verifyPassword } from './passwords';
import { RefreshSessions, type IssuedRefreshToken } from './refresh-sessions';
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
    private readonly sessions: RefreshSessions,
    private readonly jwt: JwtService,
  ) {}

  private accessTokenFor(user: UserRecord): string {
    const claims: AccessTokenClaims = {
      sub: user._id.toString(),
      email: user.email,
      role: user.role,
      name: user.displayName,
      picture: user.photoURL ?? '',
    };
    return this.jwt.sign(claims);
  }

  private async signIn(user: UserRecord, refresh?: IssuedRefreshToken): Promise<SignedIn> {
    return {
      accessToken: this.accessTokenFor(user),
      refresh: refresh ?? (await this.sessions.issue(user._id.toString())),
      user: toPublicUser(user),
    };
  }

  async register(dto: RegisterDto): Promise<SignedIn> {
    const user = await this.users.create({
      email: dto.email,
      displayName: dto.name,
      passwordHash: await hashPassword(dto.password),
    });
    return this.signIn(user);
  }

  async login(dto: LoginDto): Promise<SignedIn> {
    const user = await this.users.findByEmail(dto.email);
    if (!(await verifyPassword(user?.passwordHash, dto.password)) || !user) {
      throw new ApiError(401, INVALID_LOGIN, 'INVALID_CREDENTIALS');
    }
    return this.signIn(user);
  }

  async signInWithProfile(profile: ExternalProfile): Promise<SignedIn> {
    return this.signIn(await this.users.findOrCreateFromProfile(profile));
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

  async updateProfile(
    userId: string,
    changes: UpdateProfileDto,
  ): Promise<SignedIn['user'] & { accessToken: string }> {
    const user = await this.users.updateProfile(userId, changes);
    return { ...toPublicUser(user), accessToken: this.accessTokenFor(user) };
  }
}
