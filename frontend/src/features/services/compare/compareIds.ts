/** How many services one comparison shows side by side (the API's bounds). */
export const COMPARED_MIN = 2;
export const COMPARED_MAX = 4;

const SERVICE_ID = /^[a-f\d]{24}$/;

/**
 * The services `ids` names, as the comparison takes them: service ids only, in lower case, each
 * once, in the order given, at most COMPARED_MAX.
 */
export function comparedIds(ids: readonly unknown[]): string[] {
  const valid = ids
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => SERVICE_ID.test(id));
  return [...new Set(valid)].slice(0, COMPARED_MAX);
}

/** The services a comparison's address names (`?ids=a,b,c`): the page is made of these alone. */
export function comparedIdsOf(search: URLSearchParams): string[] {
  return comparedIds(search.getAll('ids').flatMap((value) => value.split(',')));
}
