/** Deeper bodies are refused: validation walks a body recursively, and no form nests this deep. */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests objects or arrays deeper than `limit`; walks without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
