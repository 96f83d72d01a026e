import { HttpCode, applyDecorators, type Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiErrors } from './api-responses';
import { RateLimit, WRITE_RATE_LIMIT, type RateLimitRule } from './rate-limit/rate-limit';

/** The operation as the OpenAPI document names it: its id names the client's hook. */
export interface OperationDoc {
  operationId: string;
  summary: string;
}

export interface WriteOptions {
  /** 201 Created instead of 200. */
  created?: boolean;
  /**
   * The rate limit: WRITE_RATE_LIMIT unless said; null when the route limits itself (its 429 is
   * documented here); false for admins' actions, which are not limited.
   */
  limit?: RateLimitRule | null | false;
}

/**
 * A route that changes something: rate-limited, answering 200 (201 for a create) with `answer`,
 * and documented with the errors it may give (and 429). Who may call it stays `@Access`.
 */
export function Write(
  operation: OperationDoc,
  answer: Type<unknown>,
  errors: number[],
  { created = false, limit = WRITE_RATE_LIMIT }: WriteOptions = {},
) {
  return applyDecorators(
    HttpCode(created ? 201 : 200),
    ...(limit ? [RateLimit(limit)] : []),
    ApiOperation(operation),
    created ? ApiCreatedResponse({ type: answer }) : ApiOkResponse({ type: answer }),
    // RateLimit documents its 429; a route that limits itself names it here.
    ApiErrors(...errors, ...(limit === null ? [429] : [])),
  );
}

/**
 * An admin's decision on one item (`:id`): not rate-limited, answering 200 with `answer`, and
 * documented with a malformed id (400), an unknown one (404) and one already decided (409).
 */
export function Decision(
  operation: OperationDoc,
  answer: Type<unknown>,
  errors: number[] = [400, 404, 409],
) {
  return Write(operation, answer, errors, { limit: false });
}

/** A route that reads one thing (or an unpaged list: `[Dto]`) and the errors it may give. */
export function Read(
  operation: OperationDoc,
  answer: Type<unknown> | [Type<unknown>],
  errors: number[],
) {
  return applyDecorators(
    ApiOperation(operation),
    ApiOkResponse({ type: answer }),
    ApiErrors(...errors),
  );
}
