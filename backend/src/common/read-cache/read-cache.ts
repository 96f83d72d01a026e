import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../../infrastructure/redis.module';

/** Answers kept per process; least recently used go first. */
const MAX_ENTRIES = 500;
/** Bounds staleness should an invalidation be lost while Redis is down. */
const MAX_AGE_MS = 60_000;

interface Entry {
  generation: string;
  storedAt: number;
  value: unknown;
}

/**
 * Public read answers kept in memory, each stamped with the generations of the scopes it
 * depends on ("services", "reviews:<serviceId>"…). The generations live in Redis: a write bumps
 * its scopes there, so every API replica and the worker drop stale answers at once, and a read
 * costs one Redis round trip instead of a database query. Concurrent misses for the same
 * answer share one query. When Redis does not answer, reads go to the database.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read<T>(scopes: string[], key: string, compute: () => Promise<T>): Promise<T> {
    const generation = await this.generation(scopes).catch(() => undefined);
    if (generation === undefined) return compute();
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation && Date.now() - entry.storedAt < MAX_AGE_MS) {
      this.entries.delete(key); // re-inserted last: the Map's order is the LRU order
      this.entries.set(key, entry);
      return entry.value as T;
    }
    const flight = `${generation} ${key}`;
    let answer = this.pending.get(flight) as Promise<T> | undefined;
    if (!answer) {
      answer = compute().finally(() => this.pending.delete(flight));
      this.pending.set(flight, answer);
      void answer.then(
        (value) => this.store(key, { generation, storedAt: Date.now(), value }),
        () => undefined,
      );
    }
    return answer;
  }

  /** After a write: every answer depending on one of these scopes is stale. */
  async invalidate(...scopes: string[]): Promise<void> {
    try {
      const pipeline = this.redis.pipeline();
      for (const scope of scopes) pipeline.incr(this.keyOf(scope));
      const results = await pipeline.exec();
      if (results?.some(([error]) => error)) throw new Error('generation bump failed');
    } catch {
      // Other processes notice within MAX_AGE_MS; this one forgets everything now.
      this.entries.clear();
    }
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  /**
   * The scopes' current generations as one string. A missing one (a new or flushed Redis)
   * starts at a random value, so answers cached before a flush never match again.
   */
  private async generation(scopes: string[]): Promise<string> {
    const keys = scopes.map((scope) => this.keyOf(scope));
    const values = await this.redis.mget(...keys);
    const missing = keys.filter((_, index) => values[index] === null);
    if (missing.length === 0) return values.join('.');
    const pipeline = this.redis.pipeline();
    for (const key of missing) pipeline.set(key, randomInt(2 ** 47), 'NX');
    await pipeline.exec();
    return (await this.redis.mget(...keys)).join('.');
  }

  private keyOf(scope: string): string {
    return `${this.config.redis.prefix}:cache:${scope}`;
  }
}

@Global()
@Module({ providers: [ReadCache], exports: [ReadCache] })
export class ReadCacheModule {}

/** A cache key for a query: its fields in name order, so parameter order does not matter. */
export function cacheKey(kind: string, query: object): string {
  const fields = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${kind}:${JSON.stringify(fields)}`;
}
