import type { FetchArgs } from '@reduxjs/toolkit/query';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A new key: 128 random bits in hex. (`crypto.randomUUID` exists only on https and localhost
 * pages; `getRandomValues` everywhere.)
 */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A write's request with an Idempotency-Key of its own: made once per submit, so the retries of
 * that submit (after a refreshed session, or a retry policy) send the same key, and the API
 * answers them as it answered the first instead of writing again. Reads are left as they are.
 */
export function withIdempotencyKey(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string') return args;
  const method = (args.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return args;
  const headers = new Headers();
  for (const [name, value] of new Headers(args.headers as HeadersInit | undefined)) {
    headers.set(name, value);
  }
  if (!headers.has(IDEMPOTENCY_KEY_HEADER)) headers.set(IDEMPOTENCY_KEY_HEADER, newKey());
  return { ...args, headers };
}
