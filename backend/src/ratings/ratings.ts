/**
 * Ratings are kept on each service as counters changed with `$inc` (FerretDB has no `$avg`):
 * the overall stars, a count per star, and a sum and count per courier criterion.
 */
export const CRITERIA = ['speed', 'tracking', 'condition', 'communication', 'value'] as const;
export type Criterion = (typeof CRITERIA)[number];

export const STARS = [1, 2, 3, 4, 5] as const;

/** The rating part of a review. */
export interface ReviewRating {
  rating: number;
  criteria?: Partial<Record<Criterion, number | null>>;
  /** When the review was written: its weight in the fair score (fair-score.ts). */
  at?: Date | string;
}

/** Counter fields on a service document. */
export interface RatingCounters {
  ratingCount?: number;
  ratingSum?: number;
  ratingStars?: Partial<Record<`s${(typeof STARS)[number]}`, number>>;
  criteriaSums?: Partial<Record<Criterion, number>>;
  criteriaCounts?: Partial<Record<Criterion, number>>;
  /** The fair score's sums, each review weighted by its date (see fair-score.ts). */
  decayedSum?: number;
  decayedCount?: number;
}

export interface RatingSummary {
  /** Mean stars, one decimal; 0 when nobody has rated. */
  average: number;
  count: number;
  /** How many reviews gave each number of stars. */
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  /** Mean per courier criterion, or null where nobody rated it. */
  criteria: Record<Criterion, { average: number | null; count: number }>;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function add(increments: Record<string, number>, field: string, amount: number): void {
  increments[field] = (increments[field] ?? 0) + amount;
}

function contribute(increments: Record<string, number>, review: ReviewRating, sign: 1 | -1): void {
  add(increments, 'ratingCount', sign);
  add(increments, 'ratingSum', sign * review.rating);
  add(increments, `ratingStars.s${review.rating}`, sign);
  for (const criterion of CRITERIA) {
    const value = review.criteria?.[criterion];
    if (typeof value !== 'number') continue;
    add(increments, `criteriaSums.${criterion}`, sign * value);
    add(increments, `criteriaCounts.${criterion}`, sign);
  }
}

/**
 * The `$inc` document that moves a service's counters from `before` to `after`:
 * create is (undefined, new), edit is (old, new), delete is (old, undefined).
 * Fields that cancel out are left out.
 */
export function ratingIncrements(
  before?: ReviewRating,
  after?: ReviewRating,
): Record<string, number> {
  const increments: Record<string, number> = {};
  if (before) contribute(increments, before, -1);
  if (after) contribute(increments, after, 1);
  return Object.fromEntries(Object.entries(increments).filter(([, amount]) => amount !== 0));
}

/** The counter fields of `counters` moved by `increments` (keys as `ratingIncrements` makes them). */
export function withIncrements(
  counters: RatingCounters,
  increments: Record<string, number>,
): Required<RatingCounters> {
  const next: Required<RatingCounters> = {
    ratingCount: counters.ratingCount ?? 0,
    ratingSum: counters.ratingSum ?? 0,
    ratingStars: { ...counters.ratingStars },
    criteriaSums: { ...counters.criteriaSums },
    criteriaCounts: { ...counters.criteriaCounts },
    decayedSum: counters.decayedSum ?? 0,
    decayedCount: counters.decayedCount ?? 0,
  };
  for (const [path, amount] of Object.entries(increments)) {
    const [field, key] = path.split('.') as [keyof RatingCounters, string | undefined];
    if (key === undefined) (next[field] as number) += amount;
    else {
      const group = next[field] as Record<string, number>;
      group[key] = (group[key] ?? 0) + amount;
    }
  }
  // Floating-point sums of removed weights may leave a trace: nothing rated weighs nothing.
  if (next.ratingCount === 0) {
    next.decayedSum = 0;
    next.decayedCount = 0;
  }
  return next;
}

/** The `rating` a service answers with. */
export function ratingSummary(counters: RatingCounters): RatingSummary {
  const count = counters.ratingCount ?? 0;
  const sum = counters.ratingSum ?? 0;
  const stars = counters.ratingStars ?? {};
  const distribution = Object.fromEntries(
    STARS.map((star) => [String(star), stars[`s${star}`] ?? 0]),
  ) as RatingSummary['distribution'];
  const criteria = Object.fromEntries(
    CRITERIA.map((criterion) => {
      const rated = counters.criteriaCounts?.[criterion] ?? 0;
      const total = counters.criteriaSums?.[criterion] ?? 0;
      return [criterion, { average: rated > 0 ? round1(total / rated) : null, count: rated }];
    }),
  ) as RatingSummary['criteria'];
  return { average: count > 0 ? round1(sum / count) : 0, count, distribution, criteria };
}

/** The average kept on the service for sorting by rating; recomputed after each change. */
export function ratingAverage(counters: RatingCounters): number {
  const count = counters.ratingCount ?? 0;
  return count > 0 ? (counters.ratingSum ?? 0) / count : 0;
}
