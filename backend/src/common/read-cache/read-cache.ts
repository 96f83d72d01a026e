import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../redis-client';
import { GenerationMirror } from './generation-mirror';
import { GenerationStore } from './generations';
import { Lru } from './lru';
import { cacheLookups } from '../metrics/metrics';

/**
 * Answers kept per process; least recently used go first. Enough for every list page and every
 * service of a catalogue of a thousand: at 200, a soak reading 271 paths at random read one
 * answer in six from the store again.
 */
export const MAX_ENTRIES = 1000;
/**
 * Stored documents kept per process (readDocument), apart from the answers made of them: a page
 * made again after one of its documents changed reads only that one again.
 */
export const MAX_DOCUMENTS = 5000;
/** Bounds staleness should an invalidation be lost while Redis is down. */
export const MAX_AGE_MS = 60_000;

interface Entry {
  generation: string;
  value: unknown;
}

/**
 * What one HTTP request read through the cache: each scope with the generation its answer was
 * computed at. `complete` is false when some read bypassed the cache (Redis did not answer).
 */
export class ReadTrace {
  readonly generations = new Map<string, string>();
  complete = true;

  /** A read that bypassed the cache: the answer depends on more than its scopes. */
  recordUncached(): void {
    this.complete = false;
  }

  record(scopes: string[], generations: string[] | undefined): void {
    if (!generations) {
      this.complete = false;
      return;
    }
    scopes.forEach((scope, index) => {
      const seen = this.generations.get(scope);
      if (seen !== undefined && seen !== generations[index]) this.complete = false;
      this.generations.set(scope, generations[index]);
    });
  }
}

const traces = new AsyncLocalStorage<ReadTrace>();

/** Runs `task` with a trace of the cached reads it makes. */
export function tracingReads<T>(trace: ReadTrace, task: () => T): T {
  return traces.run(trace, task);
}

/**
 * Called for every read of data that changes (a database call, a Redis timeline): one made
 * outside a cached read marks the request's trace, so its answer is not replayed.
 */
export function noteUncachedRead(): void {
  traces.getStore()?.recordUncached();
}

/** The scope of one login: its revocation bumps it, so answers kept for it go stale. */
export function sessionScope(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * Public read answers kept in memory, each stamped with the generations of the scopes it
 * depends on ("services", "reviews:<serviceId>"…). The generations live in Redis: a write bumps
 * its scopes there and publishes the bump, so every API replica and the worker drop stale
 * answers as soon as it arrives. Each process mirrors the generations it uses (GenerationMirror),
 * so a cached read costs no Redis round trip while its subscription is up, and one while it is
 * not. Concurrent misses for the same answer share one query. When Redis does not answer, reads
 * go to the database.
 */
@Injectable()
export class ReadCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new Lru<Entry>(MAX_ENTRIES, MAX_AGE_MS);
  private readonly documents = new Lru<Entry>(MAX_DOCUMENTS, MAX_AGE_MS);
  /** Goes up whenever this process forgets its answers; answers kept elsewhere compare it. */
  epoch = 0;
  private readonly pending = new Map<string, Promise<unknown>>();
  readonly store: GenerationStore;
  readonly mirror: GenerationMirror;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.store = new GenerationStore(redis, config.redis.prefix);
    this.mirror = new GenerationMirror(redis, this.store);
  }

  onModuleInit(): void {
    this.mirror.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mirror.stop();
  }

  read<T>(scopes: string[], key: string, compute: () => Promise<T>): Promise<T> {
    return this.readIn(this.entries, scopes, key, compute);
  }

  /** As `read`, for one stored document whose writes invalidate its own scope. */
  readDocument<T>(scope: string, compute: () => Promise<T>): Promise<T> {
    return this.readIn(this.documents, [scope], `document ${scope}`, compute);
  }

  private async readIn<T>(
    entries: Lru<Entry>,
    scopes: string[],
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const generations = await this.generations(scopes).catch(() => undefined);
    traces.getStore()?.record(scopes, generations);
    const generation = generations?.join('.');
    const entry = generation === undefined ? undefined : entries.get(key);
    if (entry && entry.generation === generation) {
      cacheLookups.dataHit.inc();
      return entry.value as T;
    }
    cacheLookups.dataMiss.inc();
    if (generation === undefined) return compute();
    const flight = `${generation} ${key}`;
    let answer = this.pending.get(flight) as Promise<T> | undefined;
    if (!answer) {
      // Outside the request's trace: what the cached answer reads is covered by its scopes.
      answer = traces.exit(compute).finally(() => this.pending.delete(flight));
      this.pending.set(flight, answer);
      void answer.then(
        (value) => entries.set(key, { generation, value }),
        () => undefined,
      );
    }
    return answer;
  }

  /** After a write: every answer depending on one of these scopes is stale. */
  async invalidate(...scopes: string[]): Promise<void> {
    try {
      this.mirror.applyOwn(scopes, await this.store.bump(scopes));
    } catch {
      // Other processes notice within MAX_AGE_MS; this one forgets everything now.
      this.entries.clear();
      this.documents.clear();
      this.epoch += 1;
    }
  }

  /** The scopes' generations when this process knows them without asking Redis. */
  knownGenerations(scopes: string[]): string[] | undefined {
    return this.mirror.current(scopes);
  }

  /** The scopes' current generations: from the mirror, else in one Redis round trip. */
  async generations(scopes: string[]): Promise<string[]> {
    return this.mirror.current(scopes) ?? this.mirror.load(scopes);
  }
}

/** A cache key for a query: its fields in name order, so parameter order does not matter. */
export function cacheKey(kind: string, query: object): string {
  const fields = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${kind}:${JSON.stringify(fields)}`;
}
