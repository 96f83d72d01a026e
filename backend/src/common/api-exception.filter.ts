import {
  Catch,
  HttpException,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { codeForStatus, type ApiErrorBody } from './api-error';
import { isStorageFailure } from './limits/storage-failure';
import { STORAGE_UNAVAILABLE, ServiceUnavailableError } from './limits/service-unavailable';
import { RetryLaterError } from './rate-limit/retry-later';

interface HealthBody {
  status: 'error';
  error: Record<string, { status: string; message?: string }>;
  details: unknown;
}

function isHealthBody(body: unknown): body is HealthBody {
  return typeof body === 'object' && body !== null && (body as HealthBody).status === 'error';
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The `{statusCode, code, error}` body of an HttpException (health failures name what is down). */
export function fromHttpException(exception: HttpException): ApiErrorBody {
  const status = exception.getStatus();
  const body = exception.getResponse();
  if (typeof body === 'string')
    return { statusCode: status, code: codeForStatus(status), error: sentence(body) };
  if (isHealthBody(body)) {
    const down = Object.entries(body.error)
      .map(([name, state]) => `${name} is down${state.message ? ` (${state.message})` : ''}`)
      .join(', ');
    return { ...body, statusCode: status, code: codeForStatus(status), error: sentence(down) };
  }
  const record = body as Record<string, unknown>;
  if (typeof record.code === 'string' && typeof record.error === 'string')
    return record as ApiErrorBody;
  const message = record.message;
  if (Array.isArray(message)) {
    return {
      statusCode: status,
      code: 'VALIDATION_FAILED',
      error: sentence(`Invalid request: ${message.join('; ')}`),
      details: message,
    };
  }
  return {
    statusCode: status,
    code: codeForStatus(status),
    error: sentence(typeof message === 'string' ? message : exception.message),
  };
}

/**
 * Turns every error into `{statusCode, code, error, details?}`. A database or Redis that is down
 * or too slow is a 503 with Retry-After, not a 500.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    // Already answered, e.g. by the request deadline: nothing more to say.
    if (response.headersSent) return;
    const error = this.fromStorageFailure(exception);
    if (error instanceof ServiceUnavailableError) {
      response.setHeader('Retry-After', String(error.reason.retryAfterSeconds));
    } else if (error instanceof RetryLaterError) {
      response.setHeader('Retry-After', String(error.retryAfterSeconds));
    }
    const body = this.bodyFor(error);
    response.status(body.statusCode).json(body);
  }

  protected bodyFor(exception: unknown): ApiErrorBody {
    return exception instanceof HttpException
      ? fromHttpException(exception)
      : this.internal(exception);
  }

  private fromStorageFailure(exception: unknown): unknown {
    if (!isStorageFailure(exception)) return exception;
    this.logger.warn(`storage unavailable: ${(exception as Error).message}`);
    return new ServiceUnavailableError(STORAGE_UNAVAILABLE);
  }

  private internal(exception: unknown): ApiErrorBody {
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return {
      statusCode: 500,
      code: 'INTERNAL',
      error: 'Something went wrong on our side; please try again.',
    };
  }
}

/** For routes whose answers carry `success` (the spec's update call): errors add `success: false`. */
@Catch()
export class SuccessFlagExceptionFilter extends ApiExceptionFilter {
  protected override bodyFor(exception: unknown): ApiErrorBody {
    return { ...super.bodyFor(exception), success: false };
  }
}
