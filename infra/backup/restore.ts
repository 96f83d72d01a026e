import { existsSync, readFileSync, createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { BSON, type Document } from 'mongodb';
import { openStorage } from './connections';
import {
  BACKUP_FORMAT,
  BackupError,
  collectionFile,
  manifestFile,
  redisFile,
  type BackupManifest,
  type RedisEntry,
} from './format';
import type { BackupTarget } from './storage-urls';

const INSERT_BATCH = 500;

function lines(path: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(path), crlfDelay: Infinity });
}

export function readManifest(dir: string): BackupManifest {
  if (!existsSync(manifestFile(dir))) {
    throw new BackupError(
      `${dir} holds no backup (no manifest.json): name a folder \`make backup\` wrote.`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile(dir), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${dir} is a backup of format ${manifest.format}; this release reads format ${BACKUP_FORMAT}.`,
    );
  }
  return manifest;
}

/**
 * Loads a backup into an empty database, with the app stopped: each collection is created
 * before anything is inserted (a collection created by an insert under load wedges FerretDB,
 * DESIGN.md §7), then filled in batches; the app creates the indexes when it starts, and
 * rebuilds what Redis derives from the database. The queues' jobs are put back as they were.
 */
export async function restore(target: BackupTarget, dir: string): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  const { mongo: client, redis, close } = await openStorage(target);
  try {
    const db = client.db();
    const names = Object.keys(manifest.collections);
    const existing = new Set(
      (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name),
    );
    const holding: string[] = [];
    for (const name of names.filter((n) => existing.has(n))) {
      const count = await db.collection(name).countDocuments({});
      if (count > 0) holding.push(`${name}: ${count}`);
    }
    if (holding.length > 0) {
      throw new BackupError(
        `The database ${db.databaseName} already holds documents (${holding.join(', ')}): restore into an empty database.`,
      );
    }
    for (const name of names.filter((n) => !existing.has(n))) await db.createCollection(name);
    for (const name of names) {
      const collection = db.collection(name);
      let batch: Document[] = [];
      for await (const line of lines(collectionFile(dir, name))) {
        batch.push(BSON.EJSON.parse(line, { relaxed: false }) as Document);
        if (batch.length === INSERT_BATCH) {
          await collection.insertMany(batch, { ordered: true });
          batch = [];
        }
      }
      if (batch.length > 0) await collection.insertMany(batch, { ordered: true });
    }
    for await (const line of lines(redisFile(dir))) {
      const entry = JSON.parse(line) as RedisEntry;
      await redis.restore(entry.key, entry.pttl, Buffer.from(entry.dump, 'base64'), 'REPLACE');
    }
    return manifest;
  } finally {
    await close();
  }
}
