import {
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { tap, type Observable } from 'rxjs';

/**
 * Browsers and CDNs may reuse a visitor's answer for a few seconds, then revalidate it with its
 * ETag (Express answers 304 when it still matches). Answers to logged-in callers can differ
 * per caller (their own unpublished reviews), so they are private and always revalidated.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10';
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';
/** Set in `res.locals` on answers of @PublicRead and @PrivateRead routes: the response cache keeps only those. */
export const REPLAYABLE_READ = 'replayableRead';

@Injectable()
class PublicReadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    // Set once the handler succeeded: errors are not cached.
    return next.handle().pipe(
      tap(() => {
        response.locals[REPLAYABLE_READ] = true;
        response.vary('Authorization');
        response.setHeader(
          'Cache-Control',
          request.headers.authorization ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
        );
      }),
    );
  }
}

/** Marks a GET route whose answers anyone may see: HTTP caching headers as above. */
export const PublicRead = () => UseInterceptors(PublicReadInterceptor);

@Injectable()
class PrivateReadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap(() => {
        response.locals[REPLAYABLE_READ] = true;
        response.vary('Authorization');
        response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
      }),
    );
  }
}

/**
 * Marks a signed-in GET route whose answer depends only on the caller and on cached reads (e.g.
 * their own reviews): the response cache may replay it to the same login.
 */
export const PrivateRead = () => UseInterceptors(PrivateReadInterceptor);
