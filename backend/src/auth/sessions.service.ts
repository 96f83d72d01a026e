import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { countInWindowUnless, type WindowCount } from '../common/rate-limit/window-counter';
import { REDIS_CLIENT } from '../common/redis-client';
import { ReadCache, sessionScope } from '../common/read-cache/read-cache';
import type { RefreshToken } from './session.schema';
import { SessionsRepository } from './sessions.repository';
import { dayOf, hashToken, newToken } from './token-hash';
import type { Login } from './login.schema';

/** Where a login started from, shown in the user's list of sessions. */
export interface LoginClient {
  device?: string;
  ip?: string;
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The login the token belongs to; access tokens carry it as `sid`. */
  family: string;
}

const DAY_MS = 86_400_000;
/** Days back the clean-up job looks for expired documents (it runs hourly). */
const EXPIRY_LOOKBACK_DAYS = 7;

function claimIdOf(tokenHash: string): string {
  return `rotated:${tokenHash}`;
}

function sessionEnded(): ApiError {
  return new ApiError(401, 'Your session has ended; please log in again.', 'SESSION_ENDED');
}

/**
 * Opaque refresh tokens, stored hashed, rotated on every use. Correct on stores whose updates
 * are not atomic (FerretDB): every write is an insert checked against a unique `_id`, and every
 * read an `_id` lookup. A token is good while it exists, is not expired, and its family has no
 * revocation document; that is checked at every use, so a token issued by a refresh racing a
 * logout is refused afterwards.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly store: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly cache: ReadCache,
  ) {}

  /** A new login's first refresh token; the login is recorded for the user's list of sessions. */
  async start(userId: string, client: LoginClient = {}): Promise<IssuedRefreshToken> {
    const issued = await this.issue(userId);
    await this.store.insertLogin({
      _id: issued.family,
      userId,
      createdAt: new Date(),
      device: (client.device ?? '').slice(0, 200),
      ip: client.ip ?? '',
      expiresOn: dayOf(issued.expiresAt.getTime()),
    });
    return issued;
  }

  async issue(userId: string, family: string = randomUUID()): Promise<IssuedRefreshToken> {
    const token = newToken();
    const expiresAt = Date.now() + this.config.auth.refreshTokenTtlDays * DAY_MS;
    await this.store.insertToken({
      _id: hashToken(token),
      family,
      userId,
      expiresAt: new Date(expiresAt),
      expiresOn: dayOf(expiresAt),
    });
    return { token, expiresAt: new Date(expiresAt), family };
  }

  /**
   * Exchanges a refresh token for the next one of its family. The exchange is claimed by
   * inserting `rotated:<hash>`; a token already claimed moments ago (within the reuse grace: two
   * tabs, a reload racing the previous page's refresh) gets another one. Claimed earlier, it has
   * leaked: the whole family is revoked and the caller must log in again.
   */
  async rotate(token: string): Promise<{ userId: string; next: IssuedRefreshToken }> {
    const tokenHash = hashToken(token);
    const current = await this.store.findToken(tokenHash);
    if (!current || current.expiresAt.getTime() <= Date.now()) throw sessionEnded();
    if (await this.isRevoked(current.family)) throw sessionEnded();
    if (!(await this.claim(tokenHash, current)) && !(await this.claimedWithinGrace(tokenHash))) {
      await this.revokeFamily(current.family);
      throw sessionEnded();
    }
    const next = await this.issue(current.userId, current.family);
    const nextDay = dayOf(next.expiresAt.getTime());
    if (nextDay !== current.expiresOn) {
      // A blind set by _id: racing rotations write the same day.
      await this.store.setLoginExpiresOn(current.family, nextDay);
    }
    return { userId: current.userId, next };
  }

  /** True for the one caller whose insert of the claim went in. */
  private claim(tokenHash: string, current: RefreshToken): Promise<boolean> {
    return this.store.insertToken({
      _id: claimIdOf(tokenHash),
      family: current.family,
      userId: current.userId,
      rotatedAt: new Date(),
      expiresAt: current.expiresAt,
      expiresOn: current.expiresOn,
    });
  }

  private async claimedWithinGrace(tokenHash: string): Promise<boolean> {
    const claim = await this.store.findToken(claimIdOf(tokenHash));
    const graceMs = this.config.auth.refreshReuseGraceSeconds * 1000;
    return Boolean(claim?.rotatedAt && Date.now() < claim.rotatedAt.getTime() + graceMs);
  }

  /** Whether the login was ended (logout, reuse); one `_id` lookup, never cached. */
  private isRevoked(family: string): Promise<boolean> {
    return this.store.isRevoked(family);
  }

  /**
   * Whether an access token's login was ended: asked on every signed-in request, so it asks
   * Redis, where a revocation is marked for as long as an access token lives, and the database
   * only when Redis does not answer.
   */
  async isAccessRevoked(family: string): Promise<boolean> {
    try {
      return (await this.redis.exists(this.revokedKey(family))) === 1;
    } catch {
      return this.isRevoked(family);
    }
  }

  /**
   * `isAccessRevoked`, and for a live login the call counted under `key` in a sliding window
   * (`countInWindow`) in the same Redis round trip. Redis not answering: the database's verdict,
   * and nothing counted.
   */
  async isAccessRevokedCounting(
    family: string,
    key: string,
    windowSeconds: number,
  ): Promise<{ revoked: boolean; counted?: WindowCount }> {
    try {
      const counted = await countInWindowUnless(
        this.redis,
        this.revokedKey(family),
        key,
        windowSeconds,
      );
      return counted ? { revoked: false, counted } : { revoked: true };
    } catch {
      return { revoked: await this.isRevoked(family) };
    }
  }

  private revokedKey(family: string): string {
    return `${this.config.redis.prefix}:revoked-login:${family}`;
  }

  /** Ends a login; revoking it twice (a racing logout and reuse) leaves one document. */
  async revokeFamily(family: string): Promise<void> {
    // The mark access tokens are checked against comes first: no moment where both say "live".
    const accessTtl = this.config.auth.accessTokenTtlSeconds + 60;
    await this.redis.set(this.revokedKey(family), '1', 'EX', accessTtl);
    // Answers the response cache kept for this login go stale with it.
    await this.cache.invalidate(sessionScope(family));
    // Outlives every token of the family, including one a racing refresh issues right now.
    const keptUntil = Date.now() + (this.config.auth.refreshTokenTtlDays + 1) * DAY_MS;
    await this.store.insertRevocation({
      _id: family,
      revokedAt: new Date(),
      expiresOn: dayOf(keptUntil),
    });
    await this.store.deleteLogin(family);
  }

  /** The user's live logins, newest first. */
  async loginsOf(userId: string): Promise<Login[]> {
    const logins = await this.store.loginsOf(userId);
    return logins.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Ends every login of the user but `except` (password reset or change, "sign out elsewhere"). */
  async revokeAllOf(userId: string, except?: string): Promise<number> {
    const ended = (await this.loginsOf(userId)).filter((login) => login._id !== except);
    for (const login of ended) await this.revokeFamily(login._id);
    return ended.length;
  }

  /** Logout: ends the family the token belongs to; an unknown token is already logged out. */
  async revoke(token: string): Promise<void> {
    const known = await this.store.findToken(hashToken(token));
    if (known) await this.revokeFamily(known.family);
  }

  /**
   * Removes tokens, claims and revocations whose day has passed, by equality on the day key
   * (FerretDB has no TTL indexes, and a range would scan). Run hourly by the worker.
   */
  async deleteExpired(): Promise<number> {
    let removed = 0;
    for (let daysAgo = 1; daysAgo <= EXPIRY_LOOKBACK_DAYS; daysAgo += 1) {
      removed += await this.store.deleteExpiringOn(dayOf(Date.now() - daysAgo * DAY_MS));
    }
    return removed;
  }
}
