/**
 * The fair score: a Bayesian average of a service's stars in which recent reviews count more.
 *
 *   score = (k · m + Σ wᵢ · starsᵢ) / (k + Σ wᵢ),   wᵢ = 2^(−ageᵢ / halfLife)
 *
 * m is the site-wide mean of every counted review, k how many reviews it counts as
 * (SCORE_PRIOR_WEIGHT); a review written today weighs 1, one a half-life old ½.
 *
 * The sums are counters: each review adds 2^((writtenAt − SCORE_EPOCH) / halfLife) times its stars
 * to `decayedSum` and that weight to `decayedCount`, which never change as time passes; dividing
 * both by 2^((now − SCORE_EPOCH) / halfLife) gives the sums above, so a score needs no read of the
 * reviews. (Changing the half-life makes the stored sums stale: they hold the old one's weights.)
 */
import type { RatingCounters, ReviewRating } from './ratings';

/** The fixed instant decayed counters are measured from. */
export const SCORE_EPOCH_MS = Date.UTC(2024, 0, 1);

const DAY_MS = 86_400_000;

export interface ScoreSettings {
  /** How many reviews the site-wide mean counts as. */
  priorWeight: number;
  /** After this many days a review counts half as much. */
  halfLifeDays: number;
}

/** The site-wide mean stars the score starts from, and how many reviews it is the mean of. */
export interface ScorePrior {
  mean: number;
  count: number;
}

/** With no review anywhere yet, the prior sits in the middle of the scale. */
export const NEUTRAL_MEAN = 3;

/** 2^(days since the epoch / half-life): a review's weight, rebased to the epoch. */
export function epochWeight(at: Date | string | number, halfLifeDays: number): number {
  return 2 ** ((new Date(at).getTime() - SCORE_EPOCH_MS) / (halfLifeDays * DAY_MS));
}

function decayedPart(review: ReviewRating | undefined, halfLifeDays: number, sign: 1 | -1) {
  if (!review?.at) return { sum: 0, count: 0 };
  const weight = epochWeight(review.at, halfLifeDays);
  return { sum: sign * weight * review.rating, count: sign * weight };
}

/** The move of `decayedSum` and `decayedCount` from `before` to `after` (as ratingIncrements). */
export function decayedIncrements(
  before: ReviewRating | undefined,
  after: ReviewRating | undefined,
  halfLifeDays: number,
): Record<string, number> {
  const removed = decayedPart(before, halfLifeDays, -1);
  const added = decayedPart(after, halfLifeDays, 1);
  const sum = removed.sum + added.sum;
  const count = removed.count + added.count;
  return Object.fromEntries(
    Object.entries({ decayedSum: sum, decayedCount: count }).filter(([, amount]) => amount !== 0),
  );
}

/** The site-wide mean from its counters; NEUTRAL_MEAN while nothing is rated. */
export function priorOf(totals: { ratingCount?: number; ratingSum?: number } | null): ScorePrior {
  const count = totals?.ratingCount ?? 0;
  return { mean: count > 0 ? (totals?.ratingSum ?? 0) / count : NEUTRAL_MEAN, count };
}

/**
 * The service's score at `now`, or null when nobody has rated it (`top_rated` ranks those last).
 */
export function fairScore(
  counters: RatingCounters,
  prior: ScorePrior,
  settings: ScoreSettings,
  now: number = Date.now(),
): number | null {
  if ((counters.ratingCount ?? 0) <= 0) return null;
  const toNow = epochWeight(now, settings.halfLifeDays);
  const weightedSum = (counters.decayedSum ?? 0) / toNow;
  const weightedCount = (counters.decayedCount ?? 0) / toNow;
  const denominator = settings.priorWeight + weightedCount;
  if (denominator <= 0) return null;
  return (settings.priorWeight * prior.mean + weightedSum) / denominator;
}
