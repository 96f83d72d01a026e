import type { ListServicesApiArg, Region } from '../../lib/api/client';
import { isRegion } from '../../lib/regions';

export type ServiceSort = NonNullable<ListServicesApiArg['sort']>;

/** The backend's `sort` values (listServices) with the names people choose from. */
export const SORT_OPTIONS: readonly { value: ServiceSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'top_rated', label: 'Top rated' },
  { value: 'rating_desc', label: 'Highest average rating' },
  { value: 'rating_asc', label: 'Lowest average rating' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

export const DEFAULT_SORT: ServiceSort = 'newest';
/** Three rows of the three-column grid. */
export const PAGE_SIZE = 9;

/** What the services page shows, as kept in its URL (?q=&category=&region=&sort=&page=). */
export interface ServiceQuery {
  q: string;
  category: string;
  /** '': every region */
  region: Region | '';
  sort: ServiceSort;
  /** 1-based */
  page: number;
}

const isSort = (value: string | null): value is ServiceSort =>
  SORT_OPTIONS.some((option) => option.value === value);

/** The page's state from its URL; anything missing or malformed falls back to the default. */
export function readServiceQuery(params: URLSearchParams): ServiceQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const region = params.get('region');
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') ?? '',
    region: isRegion(region) ? region : '',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL search params for `query`, leaving out defaults so plain /services stays plain. */
export function writeServiceQuery(query: ServiceQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.region) params.set('region', query.region);
  if (query.sort !== DEFAULT_SORT) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The API call for `query`: one page of PAGE_SIZE services. */
export function toListArg(query: ServiceQuery): ListServicesApiArg {
  return {
    limit: PAGE_SIZE,
    offset: (query.page - 1) * PAGE_SIZE,
    sort: query.sort,
    q: query.q || undefined,
    category: query.category || undefined,
    region: query.region || undefined,
  };
}
