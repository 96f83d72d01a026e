import { Inject, Injectable } from '@nestjs/common';
import type { Model } from 'mongoose';
import { ITEM_BUSY, ServiceUnavailableError } from '../limits/service-unavailable';
import { Lru } from '../read-cache/lru';
import { KeyLock } from './key-lock';
import type { StoreKind } from './store-kind';

export const STORE_KIND = Symbol('STORE_KIND');

/** Top-level fields to set (`undefined`: remove the field); null leaves the document as it is. */
export type Changes = Record<string, unknown> | null;

/** The update for `changes`, and the document as it is after it. */
function applied<T>(current: T, changes: Record<string, unknown>) {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, ''> = {};
  const after = { ...current } as Record<string, unknown>;
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) {
      $unset[field] = '';
      delete after[field];
    } else {
      $set[field] = value;
      after[field] = value;
    }
  }
  const update = Object.keys($unset).length > 0 ? { $set, $unset } : { $set };
  return { update, after: after as T };
}

export interface Modified<T> {
  before: T;
  after: T;
}

type Stored = { _id: unknown; rev?: number };

/** Any collection's model: the updates write fields outside its schema (`rev`), so its type is not used. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModel = Model<any>;

/** MongoDB: how often a compare-and-set that lost to another writer is tried again. */
const CAS_ATTEMPTS = 20;

/** How many remembered documents (see `modify`) a process keeps. */
const REMEMBERED_DOCUMENTS = 4096;

export interface ModifyOptions {
  /**
   * Keep the document as this write left it, and start the next `modify` of it from that copy
   * instead of reading it: for hot, small documents (counters) whose every writer moves `rev`.
   * Should another process have written it since, the compare-and-set fails and the document is
   * read as usual.
   */
  remember?: boolean;
}

/**
 * Read-modify-write of one document that loses no concurrent change, on every store: a
 * compare-and-set on the document's `rev` counter, retried when another writer came first. On
 * FerretDB, whose updates read in Go and write back without a lock, each attempt also holds a
 * per-document lock in Redis, which every API and worker process shares.
 */
@Injectable()
export class AtomicDocuments {
  private readonly remembered = new Lru<Stored>(REMEMBERED_DOCUMENTS, Number.POSITIVE_INFINITY);

  constructor(
    @Inject(STORE_KIND) private readonly store: StoreKind,
    private readonly lock: KeyLock,
  ) {}

  /**
   * Reads the document, asks `decide` which fields to change, and writes them. Answers the
   * document before and after, or null when there is no such document or `decide` declined.
   */
  async modify<T extends Stored>(
    model: AnyModel,
    id: string,
    decide: (current: T) => Changes,
    options: ModifyOptions = {},
  ): Promise<Modified<T> | null> {
    const key = lockKey(model, id);
    // Retried holding the lock: on FerretDB a lost compare-and-set there means a remembered copy
    // was stale (every writer holds the lock), and the fresh read that follows wins.
    return this.withLock(model, id, async () => {
      for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
        const known = options.remember ? (this.remembered.get(key) as T | undefined) : undefined;
        const current = known ?? (await this.read<T>(model, id));
        const changes = current && decide(current);
        if (!current || !changes) return null;
        const { update, after } = applied(current, { ...changes, rev: (current.rev ?? 0) + 1 });
        const result = await write(model, { _id: id, rev: current.rev ?? null }, update);
        if (result.matchedCount === 1) {
          if (options.remember) this.remembered.set(key, after);
          return { before: current, after };
        }
        this.remembered.delete(key);
      }
      throw new ServiceUnavailableError(ITEM_BUSY);
    });
  }

  /**
   * Keeps copies read elsewhere (a read of a whole small collection) as `modify` keeps what it
   * wrote, so the next `modify(..., { remember: true })` of each skips its read; a copy kept
   * already at the same or a later revision stays. A copy that is stale after all only fails
   * its compare-and-set, and the document is read as usual.
   */
  remember<T extends Stored>(model: AnyModel, documents: T[]): void {
    for (const document of documents) {
      const key = lockKey(model, String(document._id));
      const known = this.remembered.get(key);
      if (!known || (document.rev ?? 0) > (known.rev ?? 0)) this.remembered.set(key, document);
    }
  }

  /**
   * Writes `changes` only if the document is still at revision `rev` (as a `modify` left it, or
   * as inserted: undefined), without reading it first; answers whether it did.
   */
  async writeIfUnchanged(
    model: AnyModel,
    id: string,
    rev: number | undefined,
    changes: Record<string, unknown>,
  ): Promise<boolean> {
    const { update } = applied({}, { ...changes, rev: (rev ?? 0) + 1 });
    const result = await this.withLock(model, id, () =>
      write(model, { _id: id, rev: rev ?? null }, update),
    );
    return result.matchedCount === 1;
  }

  /** FerretDB: `work` holding the document's lock; MongoDB compares and sets by itself. */
  private withLock<R>(model: AnyModel, id: string, work: () => Promise<R>): Promise<R> {
    return this.store === 'ferretdb' ? this.lock.with(lockKey(model, id), work) : work();
  }

  /**
   * Deletes the document, never in the middle of a `modify` of it, and only while it still has
   * the values `only` names; answers what was deleted.
   */
  async remove<T extends Stored>(
    model: AnyModel,
    id: string,
    only: Record<string, string | number | boolean> = {},
  ): Promise<T | null> {
    this.remembered.delete(lockKey(model, id));
    return this.withLock(model, id, () =>
      model
        .findOneAndDelete({ ...only, _id: id })
        .lean<T>()
        .exec(),
    );
  }

  private read<T>(model: AnyModel, id: string): Promise<T | null> {
    return model.findById(id).lean<T>().exec();
  }
}

/** One update of the document(s) `filter` matches; fields outside the schema (`rev`) are ours. */
function write(model: AnyModel, filter: Record<string, unknown>, update: object) {
  return model
    .updateOne(filter as never, update as never, { strict: false, strictQuery: false })
    .exec();
}

function lockKey(model: AnyModel, id: string): string {
  return `${model.collection.collectionName}:${id}`;
}
