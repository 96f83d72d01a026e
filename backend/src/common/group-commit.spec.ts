import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('flushes the items added at the same moment together, and those added meanwhile next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const firstFlushHeld = new Promise<void>((resolve) => (release = resolve));
    let flushStarted!: () => void;
    const started = new Promise<void>((resolve) => (flushStarted = resolve));
    const commit = new GroupCommit<number>(async (items) => {
      batches.push(items);
      flushStarted();
      if (batches.length === 1) await firstFlushHeld;
    }, 10);
    const first = [1, 2].map((item) => commit.add(item));
    await started;
    const later = [3, 4, 5].map((item) => commit.add(item));
    release();
    await Promise.all([...first, ...later]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('takes at most maxBatch items per flush', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number>(async (items) => {
      batches.push(items);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((item) => commit.add(item)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every add of a failed flush with its error, and goes on with the next', async () => {
    let calls = 0;
    const commit = new GroupCommit<string>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('storage down');
    }, 10);
    await expect(commit.add('a')).rejects.toThrow('storage down');
    await expect(commit.add('b')).resolves.toBeUndefined();
  });

  describe('with lingerMs', () => {
    /** A group commit whose flushes take 5 ms, and the size of each. */
    function recordingSizes(lingerMs: number): [GroupCommit<number>, number[]] {
      const sizes: number[] = [];
      const commit = new GroupCommit<number>(
        async (items) => {
          sizes.push(items.length);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
        10,
        { lingerMs },
      );
      return [commit, sizes];
    }

    /** Three writers: each adds its next item once the flush that took its last one ended. */
    async function steadyWriters(commit: GroupCommit<number>, rounds: number) {
      await Promise.all(
        [0, 1, 2].map(async (writer) => {
          for (let round = 0; round < rounds; round += 1) await commit.add(writer);
        }),
      );
    }

    it('waits for the callers of the previous batch, so steady writers share every flush', async () => {
      const [commit, sizes] = recordingSizes(100);
      await steadyWriters(commit, 4);
      expect(sizes).toEqual([3, 3, 3, 3]);
    });

    it('merges writers split into two cohorts taking turns back into one batch', async () => {
      const [commit, sizes] = recordingSizes(10);
      // Half the writers come late once, after the batch gave up waiting for them: from then
      // on the two halves could take turns in batches of 3.
      const writer = async (late: boolean) => {
        for (let round = 0; round < 20; round += 1) {
          if (late && round === 2) await new Promise((resolve) => setTimeout(resolve, 30));
          await commit.add(round);
        }
      };
      await Promise.all([false, false, false, true, true, true].map(writer));
      const afterTheLateRound = sizes.slice(sizes.indexOf(3));
      expect(afterTheLateRound.filter((size) => size === 6).length).toBeGreaterThanOrEqual(10);
    });

    it('never waits for a lone caller, and waits no longer than lingerMs for missing ones', async () => {
      const [commit, sizes] = recordingSizes(200);
      const started = Date.now();
      await commit.add(1);
      expect(Date.now() - started).toBeLessThan(100);
      // 3 and 4 come while 2 is flushed, so they go together: the next flush expects two.
      const second = commit.add(2);
      await new Promise((resolve) => setTimeout(resolve, 2));
      await Promise.all([second, commit.add(3), commit.add(4)]);
      expect(sizes).toEqual([1, 1, 2]);
      const lone = Date.now();
      await commit.add(5);
      expect(Date.now() - lone).toBeGreaterThanOrEqual(190);
      expect(sizes).toEqual([1, 1, 2, 1]);
    });
  });

  it('with intervalMs, starts flushes that far apart, and what comes meanwhile goes in one', async () => {
    const starts: number[] = [];
    const sizes: number[] = [];
    const commit = new GroupCommit<number>(
      async (items) => {
        starts.push(Date.now());
        sizes.push(items.length);
      },
      10,
      { intervalMs: 100 },
    );
    await commit.add(1);
    // Callers 20 ms apart: without the interval, each would be flushed alone.
    const later: Promise<void>[] = [];
    for (const item of [2, 3, 4]) {
      later.push(commit.add(item));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(later);
    expect(sizes).toEqual([1, 3]);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(95);
  });
});
