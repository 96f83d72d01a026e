import { isDeepStrictEqual } from 'node:util';
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

/** One document of a `modifyMany`, and what to change in it. */
export interface Modification<T> {
  id: string;
  decide: (current: T) => Changes;
}

/** What `decide` makes of `current`: the update, the document before and after it; null for none. */
function planned<T extends Stored>(current: T | null, decide: (current: T) => Changes) {
  const changes = current && decide(current);
  if (!current || !changes) return null;
  const { update, after } = applied(current, { ...changes, rev: (current.rev ?? 0) + 1 });
  return { update, before: current, after, changed: [...Object.keys(changes), 'rev'] };
}

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
    // Retried holding the lock: on FerretDB a lost compare-and-set there means a remembered copy
    // was stale (every writer holds the lock), and the fresh read that follows wins.
    return this.withLocks(model, [id], () => this.compareAndSet(model, { id, decide }, options));
  }

  /**
   * `modify` of several documents (distinct ids) at once: their locks taken together, their
   * writes sent in one command. A write the command did not make (another writer came first) is
   * done again as `modify` does, from a fresh read. Answers each item's result in order.
   */
  async modifyMany<T extends Stored>(
    model: AnyModel,
    items: Modification<T>[],
    options: ModifyOptions = {},
  ): Promise<(Modified<T> | null)[]> {
    if (items.length <= 1) {
      return Promise.all(items.map((item) => this.modify(model, item.id, item.decide, options)));
    }
    const ids = items.map((item) => item.id);
    if (new Set(ids).size !== ids.length) throw new Error('modifyMany: an id appears twice');
    return this.withLocks(model, ids, async () => {
      const currents = await Promise.all(
        items.map((item) => this.startingCopy<T>(model, item.id, options)),
      );
      const plans = items.map((item, index) => planned(currents[index], item.decide));
      const writes = plans.flatMap((plan, index) => (plan ? [{ ...plan, id: ids[index] }] : []));
      if (writes.length === 0) return plans.map(() => null);
      const result = await model.bulkWrite(
        writes.map((plan) => ({
          updateOne: {
            filter: { _id: plan.id, rev: plan.before.rev ?? null },
            update: plan.update,
          },
        })),
        { ordered: false, strict: false },
      );
      const allLanded = result.matchedCount === writes.length;
      return Promise.all(
        plans.map(async (plan, index) => {
          if (!plan) return null;
          if (allLanded || (await this.holds(model, ids[index], plan.after, plan.changed))) {
            if (options.remember) this.remembered.set(lockKey(model, ids[index]), plan.after);
            return { before: plan.before, after: plan.after };
          }
          this.remembered.delete(lockKey(model, ids[index]));
          return this.compareAndSet(model, items[index], options);
        }),
      );
    });
  }

  /** Compare-and-set attempts on one document, the caller holding its lock on FerretDB. */
  private async compareAndSet<T extends Stored>(
    model: AnyModel,
    { id, decide }: Modification<T>,
    options: ModifyOptions,
  ): Promise<Modified<T> | null> {
    const key = lockKey(model, id);
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt += 1) {
      const plan = planned(await this.startingCopy<T>(model, id, options), decide);
      if (!plan) return null;
      const result = await write(model, { _id: id, rev: plan.before.rev ?? null }, plan.update);
      if (result.matchedCount === 1) {
        if (options.remember) this.remembered.set(key, plan.after);
        return { before: plan.before, after: plan.after };
      }
      this.remembered.delete(key);
    }
    throw new ServiceUnavailableError(ITEM_BUSY);
  }

  /** The remembered copy (when asked for and kept), else the document as stored. */
  private async startingCopy<T extends Stored>(
    model: AnyModel,
    id: string,
    options: ModifyOptions,
  ): Promise<T | null> {
    const known = options.remember
      ? (this.remembered.get(lockKey(model, id)) as T | undefined)
      : undefined;
    return known ?? this.read<T>(model, id);
  }

  /**
   * Whether the document holds what a write of a bulk command set (its revision and each field
   * it changed): the command's answer counts the writes made, not which. Another writer's
   * revision could match ours, but not its fields too, as long as a change carries something of
   * its own (the counters' change keys).
   */
  private async holds(
    model: AnyModel,
    id: string,
    after: Stored,
    changed: string[],
  ): Promise<boolean> {
    const stored = await this.read<Record<string, unknown>>(model, id);
    const wrote = after as Record<string, unknown>;
    return !!stored && changed.every((field) => isDeepStrictEqual(stored[field], wrote[field]));
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
    const result = await this.withLocks(model, [id], () =>
      write(model, { _id: id, rev: rev ?? null }, update),
    );
    return result.matchedCount === 1;
  }

  /** FerretDB: `work` holding the documents' locks; MongoDB compares and sets by itself. */
  private withLocks<R>(model: AnyModel, ids: string[], work: () => Promise<R>): Promise<R> {
    return this.store === 'ferretdb'
      ? this.lock.withAll(
          ids.map((id) => lockKey(model, id)),
          work,
        )
      : work();
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
    return this.withLocks(model, [id], () =>
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
