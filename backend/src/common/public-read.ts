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
/** Set in `res.locals` on answers of public-read routes (the response cache keeps only those). */
export const PUBLIC_READ = 'publicRead';

@Injectable()
class PublicReadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    // Set once the handler succeeded: errors are not cached.
    return next.handle().pipe(
      tap(() => {
        response.locals[PUBLIC_READ] = true;
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
