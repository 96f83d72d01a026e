import type { RatingTotals, ServicesRepository } from './services.repository';
import { SiteRatingTotals } from './site-rating-totals';

/** The stored totals document; writes fail while `down` holds, and wait for `held.write`. */
function storedTotals() {
  const stored = { ratingCount: 10, ratingSum: 40, down: false, writes: 0 };
  const held = { write: Promise.resolve() };
  const repository = {
    siteRatings: async () => ({ ratingCount: stored.ratingCount, ratingSum: stored.ratingSum }),
    addToSiteRatings: async (change: RatingTotals) => {
      stored.writes += 1;
      await held.write;
      if (stored.down) throw new Error('storage down');
      stored.ratingCount += change.ratingCount;
      stored.ratingSum += change.ratingSum;
      return { ratingCount: stored.ratingCount, ratingSum: stored.ratingSum };
    },
  } as unknown as ServicesRepository;
  return { stored, held, totals: new SiteRatingTotals(repository) };
}

describe('SiteRatingTotals', () => {
  it("shows this process's changes at once and writes them together in one flush", async () => {
    const { stored, totals } = storedTotals();
    totals.add({ ratingCount: 1, ratingSum: 5 });
    totals.add({ ratingCount: 1, ratingSum: 3 });
    expect(await totals.totals()).toEqual({ ratingCount: 12, ratingSum: 48 });
    expect(stored.writes).toBe(0);
    await totals.flush();
    expect(stored).toMatchObject({ ratingCount: 12, ratingSum: 48, writes: 1 });
    expect(await totals.totals()).toEqual({ ratingCount: 12, ratingSum: 48 });
    await totals.flush();
    expect(stored.writes).toBe(1);
  });

  it('keeps the changes of a failed write for the next one', async () => {
    const { stored, totals } = storedTotals();
    totals.add({ ratingCount: 1, ratingSum: 5 });
    stored.down = true;
    await expect(totals.flush()).rejects.toThrow('storage down');
    totals.add({ ratingCount: -1, ratingSum: -2 });
    expect(await totals.totals()).toEqual({ ratingCount: 10, ratingSum: 43 });
    stored.down = false;
    await totals.flush();
    expect(stored).toMatchObject({ ratingCount: 10, ratingSum: 43 });
  });

  it('runs flushes one after another, so no change is written twice or dropped', async () => {
    const { stored, held, totals } = storedTotals();
    let release!: () => void;
    held.write = new Promise((resolve) => (release = resolve));
    totals.add({ ratingCount: 1, ratingSum: 1 });
    const first = totals.flush();
    await new Promise((resolve) => setImmediate(resolve));
    // Added while the first write is in flight: counted once, written by the second.
    totals.add({ ratingCount: 1, ratingSum: 2 });
    expect(await totals.totals()).toEqual({ ratingCount: 12, ratingSum: 43 });
    const second = totals.flush();
    release();
    await Promise.all([first, second]);
    expect(stored).toMatchObject({ ratingCount: 12, ratingSum: 43, writes: 2 });
  });
});
