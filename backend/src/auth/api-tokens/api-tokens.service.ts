import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { ApiError } from '../../common/api-error';
import { REDIS_CLIENT } from '../../common/redis-client';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { actorOf, OutboxService } from '../../events/outbox.service';
import { UsersService } from '../../users/users.service';
import { isAdmin, type AuthUser } from '../auth-user';
import { hashToken, newToken } from '../token-hash';
import type { ApiToken } from './api-token.schema';
import type { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './api-token.dto';
import { ApiTokensRepository } from './api-tokens.repository';
import { grantableScopes } from './token-scopes';

/** What starts every personal API token, so that secret scanners recognise one. */
export const API_TOKEN_PREFIX = 'sc_pat_';
/** How many tokens one account may hold at once. */
export const MAX_TOKENS_PER_USER = 20;
/** A token's last use is written at most this often. */
export const LAST_USED_WINDOW_SECONDS = 60;
/** A token's use from one address is audited at most this often. */
export const USE_AUDIT_WINDOW_SECONDS = 3600;

/** The personal API token in an `Authorization` header, if it holds one. */
export function apiTokenOf(authorization: unknown): string | undefined {
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return undefined;
  const token = authorization.slice('Bearer '.length).trim();
  return token.startsWith(API_TOKEN_PREFIX) ? token : undefined;
}

/**
 * Whose `Idempotency-Key` a request with a personal API token uses: the token's (by its id, the
 * hash), so that a client's retry with the same key is recognised. Validity is the guard's matter.
 */
export function apiTokenCallerOf(authorization: string): string | undefined {
  const secret = apiTokenOf(authorization);
  return secret && `api-token:${hashToken(secret)}`;
}

function toDto(token: ApiToken, now = Date.now()): ApiTokenDto {
  return {
    id: token._id,
    name: token.name,
    scopes: token.scopes,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt ?? null,
    lastUsedAt: token.lastUsedAt ?? null,
    expired: isExpired(token, now),
  };
}

function isExpired(token: Pick<ApiToken, 'expiresAt'>, now = Date.now()): boolean {
  return (
    token.expiresAt !== null && token.expiresAt !== undefined && token.expiresAt.getTime() <= now
  );
}

function noSuchToken(): ApiError {
  return new ApiError(404, 'You have no API token with this id.');
}

/**
 * Personal API tokens: made, listed, renamed and revoked by their owner in a browser session,
 * and checked on every request that sends one. The secret is answered once, at creation, and
 * stored only as its SHA-256. Creation, revocation and use (once an hour per address) are
 * audited through the outbox, as other account events are.
 */
@Injectable()
export class ApiTokensService {
  private readonly logger = new Logger(ApiTokensService.name);

  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly users: UsersService,
    private readonly events: OutboxService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(caller: AuthUser, dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    const allowed = grantableScopes(isAdmin(caller));
    if (dto.scopes.some((scope) => !allowed.includes(scope))) {
      throw new ApiError(403, 'Only admins can give a token the admin scope.');
    }
    const expiresAt = dto.expiresAt === undefined ? null : new Date(dto.expiresAt);
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new ApiError(400, 'The expiry date must be in the future.');
    }
    if ((await this.tokens.tokensOf(caller.id)).length >= MAX_TOKENS_PER_USER) {
      throw new ApiError(
        409,
        `You have ${MAX_TOKENS_PER_USER} API tokens, the most an account may have; revoke one first.`,
        'TOO_MANY_API_TOKENS',
      );
    }
    const secret = `${API_TOKEN_PREFIX}${newToken()}`;
    const token: ApiToken = {
      _id: hashToken(secret),
      userId: caller.id,
      name: dto.name,
      scopes: dto.scopes,
      createdAt: new Date(),
      expiresAt,
      lastUsedAt: null,
      lastUsedIp: '',
    };
    await this.tokens.insert(token);
    await this.events.record('api_token.created', {
      actor: actorOf(caller),
      before: null,
      after: { tokenId: token._id, name: token.name, scopes: token.scopes, expiresAt },
    });
    return { ...toDto(token), token: secret };
  }

  /** The caller's tokens, newest first, without their secrets (which are not stored). */
  async list(userId: string): Promise<ApiTokenDto[]> {
    const now = Date.now();
    return (await this.tokens.tokensOf(userId))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((token) => toDto(token, now));
  }

  async rename(caller: AuthUser, id: string, name: string): Promise<ApiTokenDto> {
    const renamed = await this.tokens.rename(id, caller.id, name);
    if (!renamed) throw noSuchToken();
    return toDto(renamed);
  }

  async revoke(caller: AuthUser, id: string): Promise<void> {
    const token = await this.tokens.findById(id);
    if (!token || token.userId !== caller.id || !(await this.tokens.delete(id, caller.id))) {
      throw noSuchToken();
    }
    await this.events.record('api_token.revoked', {
      actor: actorOf(caller),
      before: { tokenId: token._id, name: token.name, scopes: token.scopes },
      after: null,
    });
  }

  /** An account's tokens end with it. */
  deleteAllOf(userId: string): Promise<void> {
    return this.tokens.deleteAllOf(userId);
  }

  /**
   * The caller a token stands for: its owner, with an admin's role only if the token has the
   * `admin` scope. 401 with a sentence for an unknown (or revoked) or expired token, or one whose
   * account is gone.
   */
  async authenticate(secret: string, ip: string): Promise<AuthUser> {
    const token = await this.tokens.findById(hashToken(secret));
    if (!token) {
      throw new ApiError(
        401,
        'This API token is not valid: it was revoked, or never existed.',
        'API_TOKEN_INVALID',
      );
    }
    if (isExpired(token)) {
      throw new ApiError(
        401,
        'This API token has expired; create a new one on your account page.',
        'API_TOKEN_EXPIRED',
      );
    }
    const user = await this.users.findById(token.userId);
    if (!user) {
      throw new ApiError(
        401,
        'The account of this API token no longer exists.',
        'API_TOKEN_INVALID',
      );
    }
    const caller: AuthUser = {
      id: token.userId,
      email: user.email,
      role: user.role === 'admin' && token.scopes.includes('admin') ? 'admin' : 'user',
      displayName: user.displayName,
      photoURL: user.photoURL ?? '',
      sessionId: '',
      emailVerified: user.emailVerified === true,
      apiToken: { id: token._id, scopes: token.scopes },
    };
    void this.noteUse(token, caller, ip).catch((error: Error) =>
      this.logger.warn(`API token use not noted: ${error.message}`),
    );
    return caller;
  }

  /**
   * Writes the last use at most once per LAST_USED_WINDOW_SECONDS, and audits it at most once per
   * USE_AUDIT_WINDOW_SECONDS per address (as a login is recorded with its address): no write per
   * request.
   */
  private async noteUse(token: ApiToken, caller: AuthUser, ip: string): Promise<void> {
    const prefix = `${this.config.redis.prefix}:api-token`;
    const [due, audit] = await Promise.all([
      this.onceIn(`${prefix}:used:${token._id}`, LAST_USED_WINDOW_SECONDS),
      this.onceIn(`${prefix}:audited:${token._id}:${ip}`, USE_AUDIT_WINDOW_SECONDS),
    ]);
    if (due) await this.tokens.markUsed(token._id, new Date(), ip);
    if (audit) {
      await this.events.record('api_token.used', {
        actor: actorOf(caller),
        before: null,
        after: { tokenId: token._id, name: token.name, ip },
      });
    }
  }

  /** True for the first caller with `key` in `seconds`. */
  private async onceIn(key: string, seconds: number): Promise<boolean> {
    return (await this.redis.set(key, '1', 'EX', seconds, 'NX')) === 'OK';
  }
}
