import {
  Inject,
  Injectable,
  Logger,
  SetMetadata,
  applyDecorators,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../redis-client';
import { ApiError } from '../api-error';
import { rateLimitRefusals } from '../metrics/metrics';
import { countInWindow, type WindowCount } from './window-counter';

export interface RateLimitRule {
  /** Routes with the same rule share one bucket; the limit per minute comes from configuration. */
  name: keyof AppConfig['rateLimits'];
  /** `ip` for anonymous calls; `user` counts per logged-in user (falls back to ip). */
  per: 'ip' | 'user';
}

const RATE_LIMIT = Symbol('RATE_LIMIT');
export const WINDOW_SECONDS = 60;

/** The route's rule, if it has one. */
export function rateLimitRuleOf(
  reflector: Reflector,
  context: ExecutionContext,
): RateLimitRule | undefined {
  return reflector.get<RateLimitRule | undefined>(RATE_LIMIT, context.getHandler());
}

/** Where a rule's calls by `subject` (`u:<user id>` or `ip:<address>`) are counted. */
export function rateLimitKey(config: AppConfig, rule: RateLimitRule['name'], subject: string) {
  return `${config.redis.prefix}:rl:${rule}:${subject}`;
}

/**
 * A request whose call was counted already, by the access check of a per-user rule's route
 * (JwtStrategy: the same Redis round trip as the login's revocation check).
 */
export interface CountedRequest {
  /** The per-user rule's name, set by the guard for the access check to count against. */
  rateLimitBucket?: RateLimitRule['name'];
  rateLimitCount?: WindowCount;
}

/**
 * Fixed-window counters in Redis, so every API replica shares them. A route's guard: Nest runs
 * the global AccessGuard before it, so the caller is authenticated by the time a rule counts per
 * user. Not an interceptor: a route with one pays for Nest's observable chain on every call.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger(RateLimitGuard.name);

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.count(context);
    return true;
  }

  /** Counts the call against its rule's bucket; 429 with Retry-After past the limit. */
  private async count(context: ExecutionContext): Promise<void> {
    const rule = rateLimitRuleOf(this.reflector, context);
    if (!rule) return;
    const http = context.switchToHttp();
    const request = http.getRequest<Request & CountedRequest & { user?: { id: string } }>();
    const subject =
      rule.per === 'user' && request.user ? `u:${request.user.id}` : `ip:${request.ip}`;
    const limit = this.config.rateLimits[rule.name];
    let counted: WindowCount;
    try {
      counted =
        request.rateLimitCount ??
        (await countInWindow(
          this.redis,
          rateLimitKey(this.config, rule.name, subject),
          WINDOW_SECONDS,
        ));
    } catch (error) {
      // Redis down: serve the request rather than fail it; limits resume when Redis is back.
      this.logger.warn(`rate limit skipped: ${(error as Error).message}`);
      return;
    }
    if (counted.count > limit) {
      const { retryAfter } = counted;
      rateLimitRefusals.labels(rule.name).inc();
      http.getResponse<Response>().setHeader('Retry-After', String(retryAfter));
      throw new ApiError(
        429,
        `Too many requests; please wait ${retryAfter} seconds and try again.`,
      );
    }
  }
}

/** Limits a route; a per-user rule counts the user its guards authenticated. */
export function RateLimit(rule: RateLimitRule) {
  return applyDecorators(
    SetMetadata(RATE_LIMIT, rule),
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({ description: 'Too many requests' }),
  );
}

/** Login and register: RATE_LIMIT_AUTH per minute per IP (default 10). */
export const AUTH_RATE_LIMIT: RateLimitRule = { name: 'auth', per: 'ip' };
/** Creates, edits and deletes: RATE_LIMIT_WRITES per minute per user (default 60). */
export const WRITE_RATE_LIMIT: RateLimitRule = { name: 'writes', per: 'user' };
