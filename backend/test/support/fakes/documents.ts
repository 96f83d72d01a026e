import type { Changes, Modified } from '../../../src/common/atomic-writes/atomic-documents';

/** The store's answer to a second document with a taken unique key (isDuplicateKeyError). */
function duplicateKeyError(): Error {
  return Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
}

/** The document after `changes`, as AtomicDocuments writes them: an undefined field is removed. */
function withChanges<T extends object>(current: T, changes: Record<string, unknown>): T {
  const after = { ...current };
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) Reflect.deleteProperty(after, field);
    else Reflect.set(after, field, value);
  }
  return after;
}

/**
 * One collection in memory, by `_id`: inserts refuse a taken id, reads answer copies, and
 * `modify` and `remove` behave as AtomicDocuments' (a declined change writes nothing, a write
 * counts one more `rev`). The in-memory repositories are built on it.
 */
export class InMemoryDocuments<T extends { _id: unknown; rev?: number }> {
  private readonly stored = new Map<string, T>();

  insert(document: T): void {
    const id = String(document._id);
    if (this.stored.has(id)) throw duplicateKeyError();
    this.stored.set(id, { ...document });
  }

  get(id: string): T | null {
    const document = this.stored.get(id);
    return document ? { ...document } : null;
  }

  all(): T[] {
    return [...this.stored.values()].map((document) => ({ ...document }));
  }

  modify(id: string, decide: (current: T) => Changes): Modified<T> | null {
    const current = this.get(id);
    const changes = current && decide(current);
    if (!current || !changes) return null;
    const after = withChanges(current, { ...changes, rev: (current.rev ?? 0) + 1 });
    this.stored.set(id, after);
    return { before: current, after: { ...after } };
  }

  /** Removes the document when `where` holds for it; answers it, or null. */
  remove(id: string, where: (current: T) => boolean = () => true): T | null {
    const current = this.get(id);
    if (!current || !where(current)) return null;
    this.stored.delete(id);
    return current;
  }
}
