import { inSortOrder, type SortOrder } from '../common/list-indexes';
import { escapeRegExp } from '../common/pagination';
import { servesRegion, type Region } from './regions';
import type { StoredService } from './services.repository';

/** What a services list filters on. */
export interface ServiceFilter {
  category?: string;
  region?: Region;
  /** The least rating average. */
  rating?: number;
  /** Text in the title or the details. */
  q?: string;
  /** Only services with at least one counted review (a list by lowest rating). */
  reviewedOnly?: boolean;
}

/** The listed services, as every services list, category count and the sitemap read them. */
export type Catalogue = readonly StoredService[];

function matcherOf(filter: ServiceFilter): (service: StoredService) => boolean {
  const text = filter.q ? new RegExp(escapeRegExp(filter.q), 'i') : undefined;
  return (service) =>
    (!filter.category || service.category_id === filter.category) &&
    (!filter.region || servesRegion(service.regions, filter.region)) &&
    (!filter.rating || (service.ratingAverage ?? Number.NaN) >= filter.rating) &&
    (!filter.reviewedOnly || (service.ratingCount ?? 0) > 0) &&
    (!text || text.test(service.title ?? '') || text.test(service.details ?? ''));
}

/**
 * One page of the services the filter selects, in `sort` order, with how many it selects: what
 * the indexed query on MongoDB answers, from the catalogue in memory. The embedded store sorts
 * by reading its whole collection, each page twice (the page and its count), and every rating
 * counted changes every list: one read of the catalogue per change serves them all.
 */
export function pageOf(
  catalogue: Catalogue,
  filter: ServiceFilter,
  sort: SortOrder,
  offset: number,
  limit: number,
): { items: StoredService[]; total: number } {
  const selected = catalogue.filter(matcherOf(filter));
  return {
    items: inSortOrder(selected, sort).slice(offset, offset + limit),
    total: selected.length,
  };
}

/** The categories in use with their number of services, by name. */
export function categoryCountsOf(catalogue: Catalogue): { _id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { category_id } of catalogue) {
    counts.set(category_id, (counts.get(category_id) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([_id, count]) => ({ _id, count }));
}

/** Every listed service's id, oldest first. */
export function listedIdsOf(catalogue: Catalogue): string[] {
  return inSortOrder([...catalogue], { _id: 1 }).map((service) => String(service._id));
}
