import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, IndexDefinition, IndexOptions, Model } from 'mongoose';
import { STORE_KIND } from '../common/atomic-writes/atomic-documents';
import type { StoreKind } from '../common/atomic-writes/store-kind';
import { QUERY_KEYS } from './query-keys';
import { createMissingCollections } from './storage-collections';

interface WantedIndex {
  fields: IndexDefinition;
  options: IndexOptions;
}

function keyOf(fields: IndexDefinition): string {
  return JSON.stringify(fields);
}

/**
 * The indexes FerretDB gets for a collection: its unique ones (they make inserts atomic) and one
 * per key group of QUERY_KEYS. FerretDB v1 never reads a page in index order, so the sort indexes
 * MongoDB uses would only cost every write (an update rewrites the whole row, so each index of
 * the table takes a new entry).
 */
export function ferretdbIndexes(
  collection: string,
  declared: [IndexDefinition, IndexOptions][],
): WantedIndex[] {
  const wanted = new Map<string, WantedIndex>();
  for (const [fields, options] of declared) {
    if (options.unique) wanted.set(keyOf(fields), { fields, options });
  }
  for (const group of QUERY_KEYS[collection] ?? []) {
    const fields = Object.fromEntries(group.map((field) => [field, 1])) as IndexDefinition;
    if (!wanted.has(keyOf(fields))) wanted.set(keyOf(fields), { fields, options: {} });
  }
  return [...wanted.values()];
}

/**
 * Creates each model's collection and indexes at start-up: all the indexes its schema declares
 * on MongoDB, the few that serve a query on FerretDB (see ferretdbIndexes), dropping any others
 * an earlier version made there. Every process (API, worker, each CLI) runs it before it serves
 * or works; the steps are idempotent.
 */
@Injectable()
export class StorageIndexes implements OnModuleInit {
  private readonly logger = new Logger(StorageIndexes.name);

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(STORE_KIND) private readonly store: StoreKind,
  ) {}

  async onModuleInit(): Promise<void> {
    await createMissingCollections(this.connection);
    for (const model of Object.values(this.connection.models)) {
      if (this.store === 'mongodb') await model.createIndexes();
      else await this.onFerretdb(model);
    }
  }

  private async onFerretdb(model: Model<unknown>): Promise<void> {
    const collection = model.collection;
    const wanted = ferretdbIndexes(collection.collectionName, model.schema.indexes());
    const wantedKeys = new Set(wanted.map((index) => keyOf(index.fields)));
    const existing = await collection.indexes().catch(() => []);
    for (const index of existing) {
      if (index.name === '_id_' || wantedKeys.has(keyOf(index.key as IndexDefinition))) continue;
      // Another process starting at the same time may have dropped it first.
      await collection.dropIndex(index.name!).catch((error: Error & { codeName?: string }) => {
        if (error.codeName !== 'IndexNotFound') {
          this.logger.warn(`${collection.collectionName}: index ${index.name}: ${error.message}`);
        }
      });
    }
    for (const { fields, options } of wanted) {
      await collection.createIndex(fields as never, options as never);
    }
  }
}
