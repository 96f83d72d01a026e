import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** One page of a list and the size of the whole list (the API's `X-Total-Count` header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Pairs a list answer with its total; an answer without the header counts only itself. */
export function toPage<T>(items: T[], meta: FetchBaseQueryMeta | undefined): Page<T> {
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? Number.NaN : Number(header);
  return { items, total: Number.isInteger(total) ? total : items.length };
}

/** How many pages of `pageSize` a list of `total` items fills (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
