import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import { MongoClient, type Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { buildFerretDB } from '../../infra/storage/ferretdb';
import { loadConfig } from '../src/config/app-config';
import { startTestWorker } from './support/test-worker';
import { useTestApp, type UsedTestApp } from './support/test-app';

/**
 * FerretDB v1.24.2 wedged for good with as many updates in flight as its PostgreSQL pool has
 * connections (50), and when a collection was created while the pool was busy. These hold
 * whatever the client sends: at most 20 commands go into FerretDB at once (infra/ferretdb).
 */
const CONNECTIONS = 200;
const DOCUMENTS = 20_000;
/** Long enough for the load to end on a busy machine; a wedged store never ends it. */
const SETTLE_MS = 30_000;

/** Whether `work` ends within `ms`: a wedged store leaves it waiting for ever. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`still waiting after ${ms} ms`), ms);
  });
  try {
    return await Promise.race([work.then(() => 'settled'), waiting]);
  } finally {
    clearTimeout(timer);
  }
}

function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

let searches = 0;
/** A services search no cache can answer, so the API reads the store. */
function expectUncachedRead(testApp: UsedTestApp) {
  searches += 1;
  return testApp
    .http()
    .get(`/api/services?q=store-bounds-${Date.now().toString(36)}-${searches}`)
    .timeout(15_000)
    .expect(200);
}

describe('the embedded store under load', () => {
  const testApp = useTestApp();
  let client: MongoClient;
  let load: Collection<{ k: number; g: number; n: number }>;

  /** One `$inc` per document 0…199 at once, each from its own connection. */
  const concurrentUpdates = () =>
    Promise.all(
      Array.from({ length: CONNECTIONS }, (_, k) =>
        load.updateOne({ k, g: 1 }, { $inc: { n: 1 } }),
      ),
    );

  beforeAll(async () => {
    client = new MongoClient(process.env.MONGO_URL!, {
      minPoolSize: CONNECTIONS,
      maxPoolSize: CONNECTIONS,
    });
    let ready = 0;
    client.on('connectionReady', () => (ready += 1));
    await client.connect();
    load = client.db().collection(uniqueName('store_bounds'));
    for (let start = 0; start < DOCUMENTS; start += 1000) {
      await load.insertMany(
        Array.from({ length: 1000 }, (_, index) => ({ k: start + index, g: 1, n: 0 })),
      );
    }
    // Warm: the updates must reach the store together, not one connection's handshake apart.
    while (ready < CONNECTIONS) await new Promise((resolve) => setTimeout(resolve, 100));
  }, 60_000);

  afterAll(async () => {
    await load?.drop().catch(() => undefined);
    await client?.close(true);
  });

  it('runs 200 concurrent updates from 200 warm connections to the end', async () => {
    expect(await settlesWithin(concurrentUpdates(), SETTLE_MS)).toBe('settled');
    expect(await load.countDocuments({ n: 1 })).toBe(CONNECTIONS);
    await expectUncachedRead(testApp);
  }, 60_000);

  it('creates a collection while the updates keep every pool connection busy', async () => {
    const updates = concurrentUpdates();
    // By then the updates have all been sent, and fill the pool (or the relay's slots).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const fresh = client.db().collection(uniqueName('store_bounds_fresh'));
    const created = client
      .db()
      .createCollection(fresh.collectionName)
      .then(() => fresh.insertOne({ created: true }));
    expect(await settlesWithin(Promise.all([updates, created]), SETTLE_MS)).toBe('settled');
    expect(await fresh.countDocuments({ created: true })).toBe(1);
    expect(await load.countDocuments({ n: 2 })).toBe(CONNECTIONS);
    await fresh.drop();
    await expectUncachedRead(testApp);
  }, 60_000);
});

describe('updates of many statements in one command', () => {
  let client: MongoClient;
  let collection: Collection<{ _id: number; n: number }>;
  /** FerretDB answers `buildInfo` with its own version beside MongoDB's. */
  let ferretdb: boolean;

  beforeAll(async () => {
    client = await new MongoClient(process.env.MONGO_URL!).connect();
    const info = await client.db().admin().command({ buildInfo: 1 });
    ferretdb = 'ferretdbVersion' in info;
    collection = client.db().collection(uniqueName('store_bounds_bulk'));
    await collection.insertMany(Array.from({ length: 300 }, (_, _id) => ({ _id, n: 0 })));
  });
  afterAll(async () => {
    await collection?.drop().catch(() => undefined);
    await client?.close();
  });

  /** One `update` command of `count` statements: a bulkWrite of updateOne. */
  const bulkUpdate = (count: number) =>
    collection.bulkWrite(
      Array.from({ length: count }, (_, _id) => ({
        updateOne: { filter: { _id }, update: { $inc: { n: 1 } } },
      })),
    );

  // Each statement of an update keeps a pooled connection until the command ends: 100 of them
  // took the whole pool of 50 and wedged FerretDB for good, with nothing else running.
  it('refuses, on the embedded store, one too large for the pool, and keeps answering', async () => {
    let outcome = 'carried out';
    const sent = bulkUpdate(100).catch((error: Error) => (outcome = error.message));
    expect(await settlesWithin(sent, SETTLE_MS)).toBe('settled');
    expect(outcome).toBe(
      ferretdb
        ? 'this store runs at most 39 update statements in one command, and this one has 100: send them in smaller batches'
        : 'carried out',
    );
    expect(await collection.countDocuments({ n: 1 })).toBe(ferretdb ? 0 : 100);
  }, 60_000);

  it('runs the largest it takes while single updates keep coming', async () => {
    const singles = Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        collection.updateOne({ _id: 200 + index }, { $inc: { n: 1 } }),
      ),
    );
    const bulk = bulkUpdate(39);
    expect(await settlesWithin(Promise.all([singles, bulk]), SETTLE_MS)).toBe('settled');
    expect(await collection.countDocuments({ _id: { $lt: 39 }, n: { $gte: 1 } })).toBe(39);
    expect(await collection.countDocuments({ _id: { $gte: 200 }, n: 1 })).toBe(100);
  }, 60_000);
});

describe('the embedded FerretDB refuses limits that break the bound', () => {
  /** Runs our FerretDB program with these flags; it must stop before reaching PostgreSQL. */
  async function refused(url: string, limits: string[]) {
    const binary = await buildFerretDB(() => undefined);
    const args = ['-listen', '127.0.0.1:0', '-handler', 'postgresql', '-postgresql-url', url];
    const result = spawnSync(binary, [...args, ...limits], { encoding: 'utf8', timeout: 10_000 });
    return { status: result.status, stderr: result.stderr.trim() };
  }
  const nowhere = 'postgres://nobody@127.0.0.1:9/ferretdb';

  it('a pool too small for two connections per command in flight, plus four', async () => {
    expect(await refused(nowhere, ['-pool-size', '43', '-max-in-flight', '20'])).toEqual({
      status: 1,
      stderr:
        'ferretdb: -max-in-flight 20 needs -pool-size 44 or more: an update holds two pooled connections, and 4 more are kept for creating collections and open cursors',
    });
  });

  it('a pool size on the PostgreSQL URL, which the flag would not govern', async () => {
    expect(await refused(`${nowhere}?pool_max_conns=500`, [])).toEqual({
      status: 1,
      stderr: 'ferretdb: -postgresql-url sets pool_max_conns: use -pool-size instead',
    });
  });
});

describe('fire-and-forget writes', () => {
  let client: MongoClient;
  beforeAll(async () => {
    // One connection: the write and the read after it share it.
    client = await new MongoClient(process.env.MONGO_URL!, { maxPoolSize: 1 }).connect();
  });
  afterAll(() => client?.close());

  it('an unacknowledged write (w: 0) leaves its connection in step for the next command', async () => {
    const collection = client.db().collection<{ _id: string }>(uniqueName('store_bounds_w0'));
    await collection.insertOne({ _id: 'acknowledged' });
    // OP_MSG with moreToCome: the client reads no reply, and FerretDB v1 sends one all the same.
    await collection.insertOne({ _id: 'unacknowledged' }, { writeConcern: { w: 0 } });
    const ids = (await collection.find({}).sort({ _id: 1 }).toArray()).map(({ _id }) => _id);
    expect(ids).toEqual(['acknowledged', 'unacknowledged']);
    await collection.drop();
  });
});

/** A database of its own, which nothing has written to yet. */
function freshDatabaseUrl(): string {
  return process.env.MONGO_URL!.replace(/\/[^/?]*(\?|$)/, `/${uniqueName('startup')}$1`);
}

/** The collections of the process's models that its database does not have. */
async function missingCollections(connection: Connection): Promise<string[]> {
  const listed = await connection.db!.listCollections({}, { nameOnly: true }).toArray();
  const existing = new Set(listed.map(({ name }) => name));
  return Object.values(connection.models)
    .map((model) => model.collection.collectionName)
    .filter((name) => !existing.has(name));
}

describe('collections at start-up', () => {
  const apiUrl = freshDatabaseUrl();
  const testApp = useTestApp({ env: { MONGO_URL: apiUrl } });

  it('the API has created every collection it writes once it serves', async () => {
    const connection = testApp.app.get<Connection>(getConnectionToken());
    expect(await missingCollections(connection)).toEqual([]);
    await connection.db!.dropDatabase();
  });

  it('the worker has created every collection it writes once it works', async () => {
    const worker = await startTestWorker(
      loadConfig({ ...process.env, NODE_ENV: 'test', MONGO_URL: freshDatabaseUrl() }),
    );
    try {
      const connection = worker.get<Connection>(getConnectionToken());
      expect(await missingCollections(connection)).toEqual([]);
      await connection.db!.dropDatabase();
    } finally {
      await worker.close();
    }
  });
});
