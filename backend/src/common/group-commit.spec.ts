import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('flushes the first item at once and the ones added meanwhile together', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const firstFlushHeld = new Promise<void>((resolve) => (release = resolve));
    const commit = new GroupCommit<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await firstFlushHeld;
    }, 10);
    const first = commit.add(1);
    const later = [2, 3, 4].map((item) => commit.add(item));
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('takes at most maxBatch items per flush', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number>(async (items) => {
      batches.push(items);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((item) => commit.add(item)));
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
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
});
