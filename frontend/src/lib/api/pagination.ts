import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** One page of a list and the size of the whole list (the API's `X-Total-Count` header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** `X-Total-Count` is answered as `total`, `X-Unread-Count` as `unread`. */
export function countField(header: string): string {
  return header.replace(/^X-(\w+)-Count$/, '$1').toLowerCase();
}

/**
 * A list answer with the counts its headers carry. Without a usable header, the total counts
 * the answer itself, and any other count is 0.
 */
export function withCounts<T>(
  items: T[],
  headers: readonly string[],
  meta: FetchBaseQueryMeta | undefined,
): { items: T[] } & Record<string, number> {
  const answer: Record<string, unknown> = { items };
  for (const header of headers) {
    const value = meta?.response?.headers.get(header);
    const count = value != null && /^\d+$/.test(value) ? Number(value) : null;
    answer[countField(header)] = count ?? (header === 'X-Total-Count' ? items.length : 0);
  }
  return answer as { items: T[] } & Record<string, number>;
}

/** How many pages of `pageSize` a list of `total` items fills (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
