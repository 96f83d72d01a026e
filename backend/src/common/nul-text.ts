/**
 * Whether a parsed body or query holds a NUL character in any text or key. PostgreSQL (under
 * FerretDB) cannot store one, so such input would fail deep in a write; no form needs it. Walks
 * without recursion; bodies were checked for depth first.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
