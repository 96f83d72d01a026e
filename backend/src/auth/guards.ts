import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/api-error';
import { isStorageFailure } from '../common/limits/storage-failure';
import type { AuthUser } from './auth-user';

/**
 * Requires a valid access token: 401 with a sentence otherwise. A session check that could not
 * reach storage is no verdict on the token: it stays a storage failure (503), or the SPA would log
 * everyone out during an outage.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
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

/** Reads the access token when one is sent; anonymous calls pass with no user. */
@Injectable()
export class OptionalJwtAuthGuard extends JwtAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    if (!request.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }
}

/** Use after JwtAuthGuard: 403 unless the caller is an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user?.role !== 'admin') throw new ApiError(403, 'Only admins can do this.');
    return true;
  }
}
