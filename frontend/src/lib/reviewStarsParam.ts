/** A star count a list of reviews can be filtered by. */
export type StarChoice = 1 | 2 | 3 | 4 | 5;

/** The service page's address keeps its star filter here: /services/:id?stars=4. */
const STARS_PARAM = 'stars';

/** The `reviews` section's id: a star link in the rating summary jumps to it. */
export const REVIEWS_SECTION_ID = 'reviews';

/** The star count the address asks for, or null (all, or anything else). */
export function starsOf(search: URLSearchParams): StarChoice | null {
  const stars = Number(search.get(STARS_PARAM));
  return Number.isInteger(stars) && stars >= 1 && stars <= 5 ? (stars as StarChoice) : null;
}

/** The same address with `stars` as its filter (none: all), other parameters kept. */
export function withStars(search: URLSearchParams, stars: StarChoice | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (stars === null) next.delete(STARS_PARAM);
  else next.set(STARS_PARAM, String(stars));
  return next;
}
