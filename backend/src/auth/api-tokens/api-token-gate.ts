import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { ApiError } from '../../common/api-error';
import { REDIS_CLIENT } from '../../common/redis-client';
import { enforceQuota } from '../../common/rate-limit/rate-limit-headers';
import { WINDOW_SECONDS, rateLimitKey } from '../../common/rate-limit/rate-limit';
import { countInWindow, type WindowCount } from '../../common/rate-limit/window-counter';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import type { AccessLevel } from '../access';
import { isAdmin, type AuthUser } from '../auth-user';
import { ApiTokensService } from './api-tokens.service';
import { scopeRefusal, type TokenScope } from './token-scopes';

/**
 * AccessGuard's part for a request that sends a personal API token: the token must be valid
 * (401), hold the scopes the route declares (403; a route that declares none is for sessions
 * only), and stay within its own rate limit (RATE_LIMIT_TOKENS per minute, 429). The caller is
 * then the token's owner, as far as its scopes go.
 */
@Injectable()
export class ApiTokenGate {
  private readonly logger = new Logger(ApiTokenGate.name);

  constructor(
    private readonly tokens: ApiTokensService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async admit(
    request: Request,
    response: Response,
    secret: string,
    level: AccessLevel,
    required: readonly TokenScope[] | undefined,
  ): Promise<AuthUser> {
    const caller = await this.tokens.authenticate(secret, request.ip ?? '');
    const refusal = scopeRefusal(required, caller.apiToken?.scopes ?? []);
    if (refusal?.reason === 'sessions-only') {
      throw new ApiError(
        403,
        'API tokens cannot be used here; sign in on the website to do this.',
        'API_TOKEN_NOT_ALLOWED',
      );
    }
    if (refusal) {
      const missing = refusal.scopes.join(', ');
      throw new ApiError(403, `This API token lacks the scope ${missing}.`, 'API_TOKEN_SCOPE');
    }
    if (level === 'admin' && !isAdmin(caller)) throw new ApiError(403, 'Only admins can do this.');
    await this.count(response, caller.apiToken!.id);
    return caller;
  }

  /** Counts the call against the token's own limit; Redis down: served uncounted, as elsewhere. */
  private async count(response: Response, tokenId: string): Promise<void> {
    const limit = this.config.rateLimits.tokens;
    let counted: WindowCount;
    try {
      counted = await countInWindow(
        this.redis,
        rateLimitKey(this.config, 'tokens', `t:${tokenId}`),
        WINDOW_SECONDS,
      );
    } catch (error) {
      this.logger.warn(`API token rate limit skipped: ${(error as Error).message}`);
      return;
    }
    enforceQuota(response, { name: 'tokens', limit, windowSeconds: WINDOW_SECONDS }, counted);
  }
}
