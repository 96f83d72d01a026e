import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiError } from './api-error';

export interface FieldProblem {
  field: string;
  message: string;
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Bodies and queries are checked against their DTOs: unknown fields are rejected, and a value of
 * the wrong type (an object where a string belongs, e.g. `{"$gt": ""}`) never reaches MongoDB.
 */
export function apiValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const details = flatten(errors);
      const summary = details.map((problem) => problem.message).join('; ');
      return new ApiError(400, `Invalid request: ${summary}.`, 'VALIDATION_FAILED', details);
    },
  });
}
