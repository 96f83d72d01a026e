/** A star count a list of reviews can be filtered by. */
export type StarChoice = 1 | 2 | 3 | 4 | 5;

/** What a service's reviews are narrowed to; every filter given applies, any of the stars. */
export interface ReviewFilters {
  /** Any of these, in order; none: every star count. */
  stars: StarChoice[];
  replied: boolean;
  verified: boolean;
  /** Text the reviews hold; '' for none. */
  q: string;
}

export const NO_REVIEW_FILTERS: ReviewFilters = {
  stars: [],
  replied: false,
  verified: false,
  q: '',
};

/** The API's longest text search. */
export const MAX_REVIEW_SEARCH_LENGTH = 100;

/**
 * The service page's address keeps its filters here, so a filtered list can be shared and the
 * back button returns to the one before: /services/:id?stars=1,2&replied=1&verified=1&q=late.
 */
const PARAMS = { stars: 'stars', replied: 'replied', verified: 'verified', q: 'q' } as const;

/** The `reviews` section's id: a star link in the rating summary jumps to it. */
export const REVIEWS_SECTION_ID = 'reviews';

const isStarChoice = (stars: number): stars is StarChoice =>
  Number.isInteger(stars) && stars >= 1 && stars <= 5;

/** The star counts `stars` ends with, in order, each once; anything else in it is left out. */
function starsOf(param: string | null): StarChoice[] {
  const stars = (param ?? '').split(',').filter(Boolean).map(Number).filter(isStarChoice);
  return [...new Set(stars)].sort((a, b) => a - b);
}

/** The filters the address asks for (what it holds that is no filter is left out). */
export function filtersOf(search: URLSearchParams): ReviewFilters {
  return {
    stars: starsOf(search.get(PARAMS.stars)),
    replied: search.get(PARAMS.replied) === '1',
    verified: search.get(PARAMS.verified) === '1',
    q: (search.get(PARAMS.q) ?? '').trim().slice(0, MAX_REVIEW_SEARCH_LENGTH),
  };
}

/** The same address with `filters` (those not given: none), its other parameters kept. */
export function withFilters(search: URLSearchParams, filters: ReviewFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  const values: Record<keyof ReviewFilters, string> = {
    stars: filters.stars.join(','),
    replied: filters.replied ? '1' : '',
    verified: filters.verified ? '1' : '',
    q: filters.q.trim(),
  };
  for (const [filter, value] of Object.entries(values)) {
    const param = PARAMS[filter as keyof ReviewFilters];
    if (value) next.set(param, value);
    else next.delete(param);
  }
  return next;
}

/** `?stars=1,2&…`: the query of an address, its commas readable (no %2C) where it is shown. */
export const searchOf = (search: URLSearchParams): string =>
  `?${search.toString().replaceAll('%2C', ',')}`;

/** The same address listing the reviews with `stars` only, its other filters kept. */
export function withStars(search: URLSearchParams, stars: StarChoice): URLSearchParams {
  return withFilters(search, { ...filtersOf(search), stars: [stars] });
}

/** Whether any filter is given. */
export const isFiltered = (filters: ReviewFilters): boolean =>
  filters.stars.length > 0 || filters.replied || filters.verified || filters.q !== '';

/** The filters as the reviews API takes them (`rating=1,2&replied=true&verified=true&q=…`). */
export function reviewFilterArgs(filters: ReviewFilters) {
  return {
    ...(filters.stars.length > 0 && { rating: filters.stars }),
    ...(filters.replied && { replied: true }),
    ...(filters.verified && { verified: true }),
    ...(filters.q && { q: filters.q }),
  };
}

/** "1, 2 or 5 stars"; "1 star". */
function starsInWords(stars: StarChoice[]): string {
  const counts =
    stars.length === 1 ? String(stars[0]) : `${stars.slice(0, -1).join(', ')} or ${stars.at(-1)}`;
  return `${counts} ${stars.length === 1 && stars[0] === 1 ? 'star' : 'stars'}`;
}

/** "1 or 2 stars, with replies, from verified customers, holding “late”": the filters in words. */
export function filtersInWords(filters: ReviewFilters): string {
  return [
    ...(filters.stars.length > 0 ? [starsInWords(filters.stars)] : []),
    ...(filters.replied ? ['with replies'] : []),
    ...(filters.verified ? ['from verified customers'] : []),
    ...(filters.q ? [`holding “${filters.q}”`] : []),
  ].join(', ');
}
