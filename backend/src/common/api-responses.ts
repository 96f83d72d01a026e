import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ERROR_CODES, type ErrorCode } from './error-codes';

/** The body of every error answer, as the OpenAPI document shows it. */
export class ApiErrorDto {
  @ApiProperty({ example: 404 }) statusCode: number;
  @ApiProperty({
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    example: 'NOT_FOUND',
    description: 'A stable machine word',
  })
  code: ErrorCode;
  @ApiProperty({ example: 'No service has this id.', description: 'A sentence for people' })
  error: string;
  @ApiPropertyOptional({ description: 'Per-field problems, when the request was invalid' })
  details?: unknown;
}

const meanings: Record<number, string> = {
  400: 'Invalid request (the `details` name each field) or malformed id',
  401: 'Not logged in, or the session expired',
  403: 'Not allowed for this user',
  404: 'Not found',
  409: 'Conflicts with existing data',
  413: 'Body larger than 100 KB',
  429: 'Too many requests; see Retry-After',
};

/** Documents the error answers a route can give, each with the ApiErrorDto body. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: meanings[status] ?? 'Error', type: ApiErrorDto }),
    ),
  );
}

/** `{acknowledged, insertedId}`: what the spec's create calls answer. */
export class InsertResultDto {
  @ApiProperty({ example: true }) acknowledged: boolean;
  @ApiProperty({ example: '665f1c2ab4d3e8a1f0c9d123' }) insertedId: string;
}

/** `{acknowledged, deletedCount}`: what the spec's delete call answers. */
export class DeleteResultDto {
  @ApiProperty({ example: true }) acknowledged: boolean;
  @ApiProperty({ example: 1 }) deletedCount: number;
}

/**
 * An operation the browser navigates to (a redirect) or that only operators call: documented,
 * but left out of the frontend's generated client, which takes every other operation.
 */
export const NOT_IN_CLIENT = 'x-not-in-client';
export function NotInClient() {
  return ApiExtension(NOT_IN_CLIENT, true);
}
