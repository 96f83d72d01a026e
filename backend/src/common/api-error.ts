import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorCode } from './error-codes';

/** The JSON body of every error answer. */
export interface ApiErrorBody {
  statusCode: number;
  /** A stable machine word, e.g. NOT_FOUND. */
  code: ErrorCode;
  /** A sentence a person can read; the SPA shows it. */
  error: string;
  details?: unknown;
  [extra: string]: unknown;
}

const defaultCodes: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL',
  503: 'SERVICE_UNAVAILABLE',
};

export function codeForStatus(status: number): ErrorCode {
  return defaultCodes[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** An error answer with our code word and sentence, thrown anywhere in the app. */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    error: string,
    code: ErrorCode = codeForStatus(status),
    details?: unknown,
  ) {
    const body: ApiErrorBody = { statusCode: status, code, error };
    if (details !== undefined) body.details = details;
    super(body, status);
  }
}
