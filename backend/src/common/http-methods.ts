const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request for a resource's content: a GET, or the HEAD that mirrors it. */
export function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** A method that changes nothing (HTTP's safe methods): what write limits and origin checks pass. */
export function isSafe(method: string): boolean {
  return SAFE_METHODS.has(method);
}
