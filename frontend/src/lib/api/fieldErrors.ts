import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** One problem of a validation failure, as the API lists it in `details` (FieldProblem). */
interface FieldProblem {
  field: string;
  message: string;
}

const isFieldProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).field === 'string' &&
  typeof (value as FieldProblem).message === 'string';

/**
 * A validation failure's first message per field, among `fields`, as a sentence: so a form can
 * show each one under its field instead of one banner.
 */
export function fieldErrorsOf(
  error: FetchBaseQueryError | SerializedError | undefined,
  fields: readonly string[],
): Record<string, string> {
  if (!error || !('status' in error)) return {};
  const details = (error.data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return {};
  const found: Record<string, string> = {};
  for (const problem of details.filter(isFieldProblem)) {
    if (fields.includes(problem.field) && !found[problem.field]) {
      found[problem.field] = sentenceCase(problem.message);
    }
  }
  return found;
}

const sentenceCase = (message: string) =>
  `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`;

/** A text field's name, and whether and why the server refused it (MUI TextField props). */
export const fieldFeedback = (errors: Record<string, string>, name: string) => ({
  name,
  error: Boolean(errors[name]),
  helperText: errors[name],
});
