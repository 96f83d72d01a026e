import type Redis from 'ioredis';

/** How long an answer is kept for retries with its key. */
export const ANSWER_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a key stays taken by a request that has not answered: longer than any request runs
 * (the deadline, then the database's own limits). A process killed meanwhile frees it then.
 */
export const IN_FLIGHT_TTL_MS = 60_000;

/** A write's answer as sent, to be sent again to a retry. */
export interface StoredAnswer {
  status: number;
  headers: [string, string | string[]][];
  /** The body, base64. */
  body: string;
}

/** What a key holds: the request it was first used for (its fingerprint), and its answer once sent. */
export interface KeyRecord {
  fingerprint: string;
  answer?: StoredAnswer;
}

/** Idempotency keys in Redis, under `<prefix>:idem:`. */
export class IdempotencyStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The Redis key of an idempotency key, from its scope (caller, method, path) and the key. */
  keyOf(scope: string): string {
    return `${this.prefix}:idem:${scope}`;
  }

  /**
   * Takes the key for a request with this fingerprint: answers undefined when it was free (the
   * request goes on), else what the key holds (an answer, or a request still in flight).
   */
  async take(key: string, fingerprint: string): Promise<KeyRecord | undefined> {
    const record: KeyRecord = { fingerprint };
    const previous = await this.redis.set(
      key,
      JSON.stringify(record),
      'PX',
      IN_FLIGHT_TTL_MS,
      'NX',
      'GET',
    );
    return previous === null ? undefined : (JSON.parse(previous) as KeyRecord);
  }

  /** Keeps the answer of the request that took the key, for retries. */
  async keep(key: string, record: KeyRecord): Promise<void> {
    await this.redis.set(key, JSON.stringify(record), 'PX', ANSWER_TTL_MS);
  }

  /** Frees the key: the request ended without an answer worth repeating. */
  async free(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
