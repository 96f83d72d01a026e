import { createHash } from 'node:crypto';

/** Characters of a key's tag: 48 bits of its hash, so two of a few hundred keys never meet. */
const TAG_LENGTH = 8;

const TAGS = new RegExp(`.{${TAG_LENGTH}}`, 'g');

function tagOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, TAG_LENGTH);
}

/**
 * The latest changes a document has taken (by key), kept in the document itself so that a change
 * applied twice (a retried job, the relay after a request) counts once. They are stored as one
 * string of short tags: FerretDB reads and writes an array of a few hundred strings several times
 * slower than one string. Documents written before keep an array of the keys themselves, which
 * reads the same.
 */
export class AppliedKeys {
  private constructor(private readonly tags: string[]) {}

  /** The stored value: a string of tags, an array of keys from before, or nothing yet. */
  static from(stored: unknown): AppliedKeys {
    if (typeof stored === 'string') return new AppliedKeys(stored.match(TAGS) ?? []);
    if (Array.isArray(stored)) return new AppliedKeys(stored.map((key) => tagOf(String(key))));
    return new AppliedKeys([]);
  }

  has(key: string): boolean {
    return this.tags.includes(tagOf(key));
  }

  /** The value to store: these keys added, the latest `kept` remembered. */
  withAdded(keys: string[], kept: number): string {
    return [...this.tags, ...keys.map(tagOf)].slice(-kept).join('');
  }
}
