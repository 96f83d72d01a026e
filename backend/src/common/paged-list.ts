import {
  Injectable,
  UseInterceptors,
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, type ApiOperationOptions } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { ApiErrors } from './api-responses';
import { sendPage, type Page } from './pagination';

const PAGE_HEADERS = {
  'X-Total-Count': {
    description: 'How many items the whole list has',
    schema: { type: 'integer' as const },
  },
  Link: {
    description: 'The first, previous, next and last pages (RFC 8288)',
    schema: { type: 'string' as const },
  },
};

type HeaderDocs = Record<string, { description: string; schema: { type: 'integer' | 'string' } }>;

/** Answers the handler's `Page` as its items, with X-Total-Count and Link (sendPage). */
@Injectable()
class PageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<Page<unknown>>): Observable<unknown[]> {
    const http = context.switchToHttp();
    const [req, res] = [http.getRequest<Request>(), http.getResponse<Response>()];
    return next.handle().pipe(map((page) => sendPage(req, res, page)));
  }
}

/**
 * A list answered a page at a time: the handler returns a `Page`, the client gets its items and
 * the list's size in `X-Total-Count` (and `Link`). Documents the operation, the headers
 * (`headers` adds more, e.g. an unread count) and the 400 of a bad page query.
 */
export function PagedList(
  operation: ApiOperationOptions,
  type: Type<unknown>,
  headers: HeaderDocs = {},
) {
  return applyDecorators(
    ApiOperation(operation),
    ApiOkResponse({ type: [type], headers: { ...PAGE_HEADERS, ...headers } }),
    ApiErrors(400),
    UseInterceptors(PageInterceptor),
  );
}
