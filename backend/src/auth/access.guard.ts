import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error';
import { isStorageFailure } from '../common/limits/storage-failure';
import { rateLimitRuleOf, type CountedRequest } from '../common/rate-limit/rate-limit';
import { ACCESS_METADATA, type AccessLevel } from './access';
import { isAdmin, type AuthUser } from './auth-user';
import { ApiTokenGate } from './api-tokens/api-token-gate';
import { apiTokenOf } from './api-tokens/api-tokens.service';
import { TOKEN_SCOPES_METADATA, type TokenScope } from './api-tokens/token-scopes';

type GuardedRequest = CountedRequest & Request & { user?: AuthUser };

/**
 * The one guard, global: enforces each route's `@Access` level. A route without one is treated
 * as `signed-in` (the app refuses to start with such a route anyway). A session's access token is
 * checked by JwtStrategy; a personal API token (`sc_pat_…`) by ApiTokenGate, against the route's
 * `@TokenScopes`.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiTokens: ApiTokenGate,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const level =
      this.reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'signed-in';
    if (level === 'public') return true;
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    if (level === 'optional' && !request.headers.authorization) return true;
    const apiToken = apiTokenOf(request.headers.authorization);
    if (apiToken !== undefined) {
      const scopes = this.reflector.getAllAndOverride<TokenScope[] | undefined>(
        TOKEN_SCOPES_METADATA,
        [context.getHandler(), context.getClass()],
      );
      const response = context.switchToHttp().getResponse<Response>();
      request.user = await this.apiTokens.admit(request, response, apiToken, level, scopes);
      return true;
    }
    const rule = rateLimitRuleOf(this.reflector, context);
    // The access check counts the call against a per-user rule in its own round trip; an admin
    // route's call counts once the caller is known to be one (RateLimitGuard).
    if (rule?.per === 'user' && level !== 'admin') request.rateLimitBucket = rule.name;
    await super.canActivate(context);
    if (level === 'admin' && !isAdmin(request.user)) {
      throw new ApiError(403, 'Only admins can do this.');
    }
    return true;
  }

  /**
   * 401 with a sentence for a missing or bad token. A session check that could not reach storage
   * is no verdict on the token: it stays a storage failure (503), or the SPA would log everyone
   * out during an outage.
   */
  override handleRequest<T = AuthUser>(error: unknown, user: T | false, info: unknown): T {
    if (error instanceof ApiError || isStorageFailure(error)) throw error;
    if (error || !user) {
      const expired = (info as { name?: string } | undefined)?.name === 'TokenExpiredError';
      throw new ApiError(
        401,
        expired ? 'Your session has expired; please log in again.' : 'Please log in to do this.',
        expired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED',
      );
    }
    return user;
  }
}
