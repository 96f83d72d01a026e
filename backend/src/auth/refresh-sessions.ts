import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { Session } from './session.schema';

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const DAY_MS = 86_400_000;

function sessionEnded(): ApiError {
  return new ApiError(401, 'Your session has ended; please log in again.', 'SESSION_ENDED');
}

/** Opaque refresh tokens, stored hashed, rotated on every use. */
@Injectable()
export class RefreshSessions {
  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(userId: string, family: string = randomUUID()): Promise<IssuedRefreshToken> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.auth.refreshTokenTtlDays * DAY_MS);
    await this.sessions.create({ family, tokenHash: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /**
   * Exchanges a refresh token for the next one. A token exchanged moments ago (within the reuse
   * grace: two tabs, or a reload racing the previous page's refresh) gets another one of its
   * family. Reused later, or revoked, it means it leaked: the whole family is revoked and the
   * caller must log in again.
   */
  async rotate(token: string): Promise<{ userId: string; next: IssuedRefreshToken }> {
    const tokenHash = hashToken(token);
    const now = new Date();
    const current = await this.sessions
      .findOneAndUpdate(
        { tokenHash, rotatedAt: null, revokedAt: null, expiresAt: { $gt: now } },
        { $set: { rotatedAt: now } },
      )
      .lean()
      .exec();
    const exchanged = current ?? (await this.reusedWithinGrace(tokenHash, now));
    if (!exchanged) throw sessionEnded();
    return { userId: exchanged.userId, next: await this.issue(exchanged.userId, exchanged.family) };
  }

  /** The session of a token rotated within the grace; otherwise revokes a reused token's family. */
  private async reusedWithinGrace(tokenHash: string, now: Date): Promise<Session | null> {
    const known = await this.sessions.findOne({ tokenHash }).lean().exec();
    if (!known?.rotatedAt && !known?.revokedAt) return null;
    // Revoking a family marks every token of it, so a token of a revoked family is revoked too.
    const graceEnds = known.rotatedAt
      ? known.rotatedAt.getTime() + this.config.auth.refreshReuseGraceSeconds * 1000
      : 0;
    if (!known.revokedAt && now.getTime() < graceEnds && known.expiresAt > now) return known;
    await this.revokeFamily(known.family);
    return null;
  }

  async revokeFamily(family: string): Promise<void> {
    await this.sessions
      .updateMany({ family, revokedAt: null }, { $set: { revokedAt: new Date() } })
      .exec();
  }

  /** Logout: ends the family the token belongs to; an unknown token is already logged out. */
  async revoke(token: string): Promise<void> {
    const known = await this.sessions
      .findOne({ tokenHash: hashToken(token) })
      .lean()
      .exec();
    if (known) await this.revokeFamily(known.family);
  }

  /** Expired sessions are removed in code: FerretDB has no TTL indexes. */
  async deleteExpired(): Promise<number> {
    const result = await this.sessions.deleteMany({ expiresAt: { $lt: new Date() } }).exec();
    return result.deletedCount;
  }
}
