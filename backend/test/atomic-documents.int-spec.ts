import Redis from 'ioredis';
import mongoose, { Schema, type Connection } from 'mongoose';
import { AtomicDocuments } from '../src/common/atomic-writes/atomic-documents';
import { KeyLock } from '../src/common/atomic-writes/key-lock';
import { detectStoreKind, type StoreKind } from '../src/common/atomic-writes/store-kind';

interface Counter {
  _id: string;
  n: number;
  rev?: number;
  /** The marks of the changes applied, comma-separated: what makes each change its own. */
  marks?: string;
}

/** Adds one to the counter, with the change's own mark (as applyRatings adds its change keys). */
function marked(mark: string) {
  return (current: Counter) => ({ n: current.n + 1, marks: `${current.marks ?? ''},${mark}` });
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
    const holds = jest.spyOn(lock, 'withAll');
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

  describe('modifyMany', () => {
    const insertCounters = async (tag: string, count: number) => {
      const ids = Array.from(
        { length: count },
        (_, index) => `counter-${tag}-${index}-${Date.now()}`,
      );
      await model().collection.insertMany(ids.map((id) => ({ _id: id as never, n: 0 })));
      return ids;
    };

    it('writes every document in one command and one hold of their locks', async () => {
      const ids = await insertCounters('many', 3);
      const bulk = jest.spyOn(model(), 'bulkWrite');
      const single = jest.spyOn(model(), 'updateOne');
      const holds = jest.spyOn(lock, 'withAll');
      try {
        const written = await processes[0].modifyMany<Counter>(
          model(),
          ids.map((id) => ({ id, decide: marked(`first-${id}`) })),
          { remember: true },
        );
        expect(written.map((result) => result?.after.n)).toEqual([1, 1, 1]);
        expect(bulk).toHaveBeenCalledTimes(1);
        expect(single).not.toHaveBeenCalled();
        expect(holds).toHaveBeenCalledTimes(store === 'ferretdb' ? 1 : 0);
      } finally {
        bulk.mockRestore();
        single.mockRestore();
        holds.mockRestore();
      }
      const stored = await model()
        .collection.find({ _id: { $in: ids as never[] } })
        .toArray();
      expect(stored.map(({ n, rev }) => ({ n, rev }))).toEqual([
        { n: 1, rev: 1 },
        { n: 1, rev: 1 },
        { n: 1, rev: 1 },
      ]);
    });

    it('writes again, from a fresh read, a document whose copy was stale; the others once', async () => {
      const [fresh, stale] = await insertCounters('many-stale', 2);
      processes[0].remember(model(), [
        { _id: fresh, n: 0, rev: 0 },
        { _id: stale, n: 0, rev: 0 },
      ]);
      // Another process's write left the stale one at the very revision ours would write.
      await model().collection.updateOne(
        { _id: stale as never },
        { $set: { n: 1, rev: 1, marks: ',other' } },
      );
      const written = await processes[0].modifyMany<Counter>(
        model(),
        [
          { id: fresh, decide: marked('ours') },
          { id: stale, decide: marked('ours') },
        ],
        { remember: true },
      );
      expect(written.map((result) => result?.after)).toMatchObject([
        { n: 1, rev: 1, marks: ',ours' },
        { n: 2, rev: 2, marks: ',other,ours' },
      ]);
      expect(await model().collection.findOne({ _id: stale as never })).toMatchObject({
        n: 2,
        rev: 2,
        marks: ',other,ours',
      });
      expect(await model().collection.findOne({ _id: fresh as never })).toMatchObject({
        n: 1,
        rev: 1,
        marks: ',ours',
      });
    });

    it('loses no change when two processes write overlapping documents at once', async () => {
      const ids = await insertCounters('many-busy', 4);
      const rounds = 12;
      await Promise.all(
        Array.from({ length: rounds * 2 }, (_, call) => {
          // Each call takes three of the four, in its own order.
          const mine = [0, 1, 2, 3]
            .filter((index) => index !== call % 4)
            .map((index) => ids[index]);
          if (call % 3 === 0) mine.reverse();
          return processes[call % 2].modifyMany<Counter>(
            model(),
            mine.map((id) => ({ id, decide: marked(`c${call}`) })),
            { remember: true },
          );
        }),
      );
      const stored = await Promise.all(
        ids.map((id) => model().collection.findOne({ _id: id as never })),
      );
      stored.forEach((counter, index) => {
        const calls = Array.from({ length: rounds * 2 }, (_, call) => call).filter(
          (call) => call % 4 !== index,
        );
        expect(counter?.n).toBe(calls.length);
        expect(String(counter?.marks).split(',').filter(Boolean).sort()).toEqual(
          calls.map((call) => `c${call}`).sort(),
        );
      });
    });
  });

  it('takes several keys all or none: it holds none of them while one is busy', async () => {
    const [a, b] = [`a-${Date.now()}`, `b-${Date.now()}`];
    let releaseB!: () => void;
    const bHeld = new Promise<void>((resolve) => {
      void lock.with(b, () => {
        resolve();
        return new Promise<void>((done) => (releaseB = done));
      });
    });
    await bHeld;
    const order: string[] = [];
    const both = lock.withAll([a, b], async () => {
      order.push('both');
    });
    // While the pair waits for b, a is free for anyone else.
    await lock.with(a, async () => {
      order.push('a alone');
    });
    releaseB();
    await both;
    expect(order).toEqual(['a alone', 'both']);
  });
});
