import { once } from 'node:events';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type Redis from 'ioredis';
import { BSON, type ClientSession, type Db } from 'mongodb';
import { openStorage } from './connections';
import {
  BACKUP_FORMAT,
  BackupError,
  collectionFile,
  manifestFile,
  queueKeyPatterns,
  redisFile,
  type BackupManifest,
  type RedisEntry,
} from './format';
import type { BackupTarget } from './storage-urls';

async function writeLines(path: string, lines: AsyncIterable<string>): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  for await (const line of lines) {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function counts(db: Db, names: string[]): Promise<Record<string, number>> {
  const entries = await Promise.all(
    names.map(async (name) => [name, await db.collection(name).countDocuments({})] as const),
  );
  return Object.fromEntries(entries);
}

async function exportCollection(
  db: Db,
  name: string,
  dir: string,
  session: ClientSession | undefined,
): Promise<number> {
  let written = 0;
  const cursor = db.collection(name).find({}, { session, sort: { _id: 1 } });
  await writeLines(
    collectionFile(dir, name),
    (async function* () {
      for await (const document of cursor) {
        written += 1;
        yield BSON.EJSON.stringify(document, { relaxed: false });
      }
    })(),
  );
  return written;
}

async function exportQueues(redis: Redis, prefix: string, dir: string): Promise<number> {
  let written = 0;
  await writeLines(
    redisFile(dir),
    (async function* () {
      for (const match of queueKeyPatterns(prefix)) {
        for await (const keys of redis.scanStream({ match, count: 500 }) as AsyncIterable<
          string[]
        >) {
          for (const key of keys) {
            const [dump, pttl] = await Promise.all([redis.dumpBuffer(key), redis.pttl(key)]);
            if (!dump) continue; // gone since the scan
            const entry: RedisEntry = {
              key,
              pttl: Math.max(pttl, 0),
              dump: dump.toString('base64'),
            };
            written += 1;
            yield JSON.stringify(entry);
          }
        }
      }
    })(),
  );
  return written;
}

/**
 * Writes every collection of the database and the queues' jobs into `dir`. On a replica set the
 * collections are read at one point in time (a snapshot session). Elsewhere (FerretDB, a single
 * mongod) nothing can give one, so the documents are counted before and after: a backup during
 * which a count moved is refused (BackupError), and it is up to the person to take it while the
 * site takes no writes.
 */
export async function backUp(target: BackupTarget, dir: string): Promise<BackupManifest> {
  const { mongo: client, redis, close } = await openStorage(target);
  try {
    const db = client.db();
    const hello = await db.admin().command({ hello: 1 });
    const session = hello.setName ? client.startSession({ snapshot: true }) : undefined;
    const names = (await db.listCollections({}, { nameOnly: true }).toArray())
      .map((collection) => collection.name)
      .filter((name) => !name.startsWith('system.'))
      .sort();
    const before = await counts(db, names);
    const collections: Record<string, number> = {};
    for (const name of names) collections[name] = await exportCollection(db, name, dir, session);
    await session?.endSession();
    if (!session) {
      const after = await counts(db, names);
      const moved = names.filter((name) => before[name] !== after[name]);
      if (moved.length > 0) {
        throw new BackupError(
          `Documents were written during the backup (${moved.map((name) => `${name}: ${before[name]} then ${after[name]}`).join(', ')}): run it again while the site takes no writes.`,
        );
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: db.databaseName,
      consistency: session ? 'snapshot' : 'quiet',
      collections,
      redisKeys: await exportQueues(redis, target.redisPrefix, dir),
    };
    writeFileSync(manifestFile(dir), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await close();
  }
}
