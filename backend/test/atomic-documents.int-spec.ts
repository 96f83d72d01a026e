import Redis from 'ioredis';
import mongoose, { Schema, type Connection } from 'mongoose';
import { AtomicDocuments } from '../src/common/atomic-writes/atomic-documents';
import { KeyLock } from '../src/common/atomic-writes/key-lock';
import { detectStoreKind, type StoreKind } from '../src/common/atomic-writes/store-kind';

interface Counter {
  _id: string;
  n: number;
  rev?: number;
}

/** Two processes' AtomicDocuments on one document, on the real store. */
describe('AtomicDocuments that remember what they wrote', () => {
  let connection: Connection;
  let redis: Redis;
  let processes: AtomicDocuments[];
  let lock: KeyLock;
  let store: StoreKind;
  let counters: mongoose.Model<Counter>;
  const model = () => counters;

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    counters = connection.model<Counter>(
      'AtomicCounter',
      new Schema({ _id: String }, { strict: false }),
    );
    redis = new Redis(process.env.REDIS_URL!);
    store = await detectStoreKind(connection);
    lock = new KeyLock(redis, `${process.env.REDIS_PREFIX}:atomic-spec`, {
      ttlMs: 5000,
      waitMs: 8000,
    });
    processes = [new AtomicDocuments(store, lock), new AtomicDocuments(store, lock)];
  });

  afterAll(async () => {
    await connection.close();
    redis.disconnect();
  });

  it("starts from another process's write, never from the copy it kept", async () => {
    const id = `counter-${Date.now()}`;
    await model().collection.insertOne({ _id: id as never, n: 0 });
    const add = (index: number) =>
      processes[index].modify<Counter>(model(), id, (current) => ({ n: current.n + 1 }), {
        remember: true,
      });
    await add(0);
    await add(1);
    await add(0);
    await add(1);
    const stored = await model().collection.findOne({ _id: id as never });
    expect(stored?.n).toBe(4);
    expect(stored?.rev).toBe(4);
  });

  it('loses no change when both write at once', async () => {
    const id = `counter-busy-${Date.now()}`;
    await model().collection.insertOne({ _id: id as never, n: 0 });
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        processes[index % 2].modify<Counter>(model(), id, (current) => ({ n: current.n + 1 }), {
          remember: true,
        }),
      ),
    );
    expect((await model().collection.findOne({ _id: id as never }))?.n).toBe(40);
  });

  it('starts from a copy read elsewhere only while it is the stored revision', async () => {
    const id = `counter-reread-${Date.now()}`;
    await model().collection.insertOne({ _id: id as never, n: 5, rev: 3 });
    const add = () =>
      processes[0].modify<Counter>(model(), id, (current) => ({ n: current.n + 1 }), {
        remember: true,
      });
    // A copy read before another process's last two writes: its compare-and-set fails.
    processes[0].remember(model(), [{ _id: id, n: 1, rev: 1 }]);
    expect((await add())?.after).toMatchObject({ n: 6, rev: 4 });
    // An older copy than the one kept leaves the kept one in place.
    processes[0].remember(model(), [{ _id: id, n: 5, rev: 3 }]);
    expect((await add())?.after).toMatchObject({ n: 7, rev: 5 });
    expect(await model().collection.findOne({ _id: id as never })).toMatchObject({ n: 7, rev: 5 });
  });

  it('mends a stale copy within one hold of the lock: read again, written once', async () => {
    const id = `counter-stale-${Date.now()}`;
    await model().collection.insertOne({ _id: id as never, n: 5, rev: 3 });
    processes[0].remember(model(), [{ _id: id, n: 5, rev: 3 }]);
    // Another process moves the revision (the hourly score refresh does, for every service).
    await model().collection.updateOne({ _id: id as never }, { $set: { n: 6, rev: 4 } });
    const holds = jest.spyOn(lock, 'with');
    try {
      const written = await processes[0].modify<Counter>(
        model(),
        id,
        (current) => ({ n: current.n + 1 }),
        { remember: true },
      );
      expect(written?.after).toMatchObject({ n: 7, rev: 5 });
      expect(holds).toHaveBeenCalledTimes(store === 'ferretdb' ? 1 : 0);
    } finally {
      holds.mockRestore();
    }
    expect(await model().collection.findOne({ _id: id as never })).toMatchObject({ n: 7, rev: 5 });
  });

  it('keeps a slow holder its lock past the TTL: the next writer waits for it', async () => {
    const slowLock = new KeyLock(redis, `${process.env.REDIS_PREFIX}:atomic-spec-slow`, {
      ttlMs: 600,
      waitMs: 5000,
    });
    const key = `slow-${Date.now()}`;
    const held: [number, number][] = [];
    const hold = (ms: number) =>
      slowLock.with(key, async () => {
        const start = Date.now();
        await new Promise((resolve) => setTimeout(resolve, ms));
        held.push([start, Date.now()]);
      });
    const first = hold(2000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([first, hold(10)]);
    const [[, firstEnd], [secondStart]] = held;
    expect(secondStart).toBeGreaterThanOrEqual(firstEnd);
  });
});
