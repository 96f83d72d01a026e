import { ratingIncrements, withIncrements, type RatingCounters } from './ratings';
import {
  NEUTRAL_MEAN,
  SCORE_EPOCH_MS,
  decayedIncrements,
  epochWeight,
  fairScore,
  priorOf,
} from './fair-score';

const DAY_MS = 86_400_000;
const settings = { priorWeight: 5, halfLifeDays: 365 };
const now = Date.UTC(2026, 5, 1);
const daysAgo = (days: number) => new Date(now - days * DAY_MS);

function countersOf(reviews: { rating: number; at: Date }[]): RatingCounters {
  return reviews.reduce<RatingCounters>(
    (counters, review) =>
      withIncrements(counters, {
        ...ratingIncrements(undefined, review),
        ...decayedIncrements(undefined, review, settings.halfLifeDays),
      }),
    {},
  );
}

describe('the fair score', () => {
  it('weighs a review 1 at the epoch, 2 one half-life later', () => {
    expect(epochWeight(SCORE_EPOCH_MS, 365)).toBe(1);
    expect(epochWeight(SCORE_EPOCH_MS + 365 * DAY_MS, 365)).toBeCloseTo(2, 12);
  });

  it('matches the hand-computed Bayesian average with a year’s half-life', () => {
    // 5 stars today (weight 1), 1 star a year ago (½), 4 stars two years ago (¼);
    // prior: 3.5 stars as 5 reviews. (5·3.5 + 5 + 0.5 + 1) / (5 + 1 + 0.5 + 0.25) = 24 / 6.75.
    const counters = countersOf([
      { rating: 5, at: daysAgo(0) },
      { rating: 1, at: daysAgo(365) },
      { rating: 4, at: daysAgo(730) },
    ]);
    expect(fairScore(counters, { mean: 3.5, count: 100 }, settings, now)).toBeCloseTo(
      24 / 6.75,
      10,
    );
    // Without a prior it is the date-weighted mean: (5 + 0.5 + 1) / 1.75.
    expect(
      fairScore(counters, { mean: 3.5, count: 100 }, { ...settings, priorWeight: 0 }, now),
    ).toBeCloseTo(6.5 / 1.75, 10);
  });

  it('a later moment weighs every review less, drawing the score to the prior', () => {
    const counters = countersOf([{ rating: 5, at: daysAgo(0) }]);
    const prior = { mean: 3, count: 10 };
    // Today: (15 + 5) / 6; a year on the review weighs ½: (15 + 2.5) / 5.5.
    expect(fairScore(counters, prior, settings, now)).toBeCloseTo(20 / 6, 10);
    expect(fairScore(counters, prior, settings, now + 365 * DAY_MS)).toBeCloseTo(17.5 / 5.5, 10);
  });

  it('an edit moves the sum by the review’s own weight; a deletion leaves nothing', () => {
    const at = daysAgo(365);
    let counters = countersOf([{ rating: 2, at }]);
    counters = withIncrements(counters, {
      ...ratingIncrements({ rating: 2, at }, { rating: 4, at }),
      ...decayedIncrements({ rating: 2, at }, { rating: 4, at }, 365),
    });
    expect(counters.decayedSum! / counters.decayedCount!).toBeCloseTo(4, 10);
    counters = withIncrements(counters, {
      ...ratingIncrements({ rating: 4, at }, undefined),
      ...decayedIncrements({ rating: 4, at }, undefined, 365),
    });
    expect(counters).toMatchObject({ ratingCount: 0, decayedSum: 0, decayedCount: 0 });
    expect(fairScore(counters, { mean: 4, count: 1 }, settings, now)).toBeNull();
  });

  it('one perfect review ranks below fifty that average 4.8', () => {
    const prior = { mean: 3.8, count: 1000 };
    const one = countersOf([{ rating: 5, at: daysAgo(1) }]);
    const fifty = countersOf(
      Array.from({ length: 50 }, (_, index) => ({ rating: index < 40 ? 5 : 4, at: daysAgo(1) })),
    );
    expect(fairScore(fifty, prior, settings, now)!).toBeGreaterThan(
      fairScore(one, prior, settings, now)!,
    );
  });

  it('the prior is the site-wide mean, or the middle of the scale before any review', () => {
    expect(priorOf({ ratingCount: 4, ratingSum: 14 })).toEqual({ mean: 3.5, count: 4 });
    expect(priorOf(null)).toEqual({ mean: NEUTRAL_MEAN, count: 0 });
  });
});
