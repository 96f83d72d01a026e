import type { Schema } from 'mongoose';

export type SortOrder = Record<string, 1 | -1>;

function comparable(value: unknown): number | string {
  // A missing field sorts first, as a query's sort puts it.
  if (value === undefined || value === null) return Number.NEGATIVE_INFINITY;
  if (value instanceof Date) return value.getTime();
  return typeof value === 'number' ? value : String(value);
}

/** Orders documents already in memory as a query with `sort: order` would. */
export function inSortOrder<T extends object>(documents: T[], order: SortOrder): T[] {
  return [...documents].sort((a, b) => {
    for (const [field, direction] of Object.entries(order)) {
      const left = comparable((a as Record<string, unknown>)[field]);
      const right = comparable((b as Record<string, unknown>)[field]);
      if (left !== right) return (left < right ? -1 : 1) * direction;
    }
    return 0;
  });
}

function isReverseOf(a: SortOrder, b: SortOrder): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key, index) => Object.keys(b)[index] === key && a[key] === -b[key])
  );
}

/** The sorts that need an index of their own: an index walked backwards serves the reverse. */
export function distinctSorts(sorts: SortOrder[]): SortOrder[] {
  return sorts.filter(
    (sort, index) => !sorts.slice(0, index).some((earlier) => isReverseOf(sort, earlier)),
  );
}

/**
 * One index per (equality filter, sort) a list query uses: MongoDB then reads a page in index
 * order instead of sorting the matches in memory. `prefixes` are the equality filters ({} for
 * an unfiltered list).
 */
export function indexListQueries(
  schema: Schema,
  prefixes: Record<string, 1>[],
  sorts: SortOrder[],
): void {
  for (const prefix of prefixes) {
    for (const sort of distinctSorts(sorts)) schema.index({ ...prefix, ...sort });
  }
}
