import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * The sentence to show for a failed call: the server's `error` field (every API error has one), else the
 * network or client error's own message.
 */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error) return 'Something went wrong';
  if ('status' in error) {
    const body = error.data as { error?: unknown } | undefined;
    if (typeof body?.error === 'string') return body.error;
    if ('error' in error) return error.error;
    return `Request failed with status ${String(error.status)}`;
  }
  return error.message ?? 'Something went wrong';
}
