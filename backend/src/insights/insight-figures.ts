/**
 * A service's monthly figures, as flat counters: what each review adds to the month it was
 * written in (its `createdAt`, UTC), and what each invitation adds to the month it was sent in.
 *
 * A review's part depends only on its state, so an event moves the figures by
 * `partOf(after) − partOf(before)`: a create adds, a delete or a take-down subtracts, an edit
 * moves the rating, a reply adds its reply. Summing the parts of the reviews as stored therefore
 * gives the same figures (insights-rebuild.ts), whatever order the events came in.
 */
import type { DomainEvent } from '../events/review-events';
import { epochWeight } from '../ratings/fair-score';
import { CRITERIA, type Criterion } from '../ratings/ratings';

/** Counter name → amount. Names: see FIELD below; zero amounts are left out. */
export type Figures = Record<string, number>;

export const FIELD = {
  count: 'count',
  ratingSum: 'ratingSum',
  stars: (stars: number) => `stars${stars}`,
  criteriaSum: (criterion: Criterion) => `criteriaSum:${criterion}`,
  criteriaCount: (criterion: Criterion) => `criteriaCount:${criterion}`,
  decayedSum: 'decayedSum',
  decayedCount: 'decayedCount',
  week: (week: string) => `week:${week}`,
  replies: 'replies',
  replyHoursSum: 'replyHoursSum',
  replyWithin: (hours: number) => `replyWithin:${hours}`,
  reportsOpened: 'reportsOpened',
  reportsUpheld: 'reportsUpheld',
  reportsDismissed: 'reportsDismissed',
  invitationsSent: 'invitationsSent',
  invitationsReviewed: 'invitationsReviewed',
} as const;

/** Upper bounds (hours) of the reply-time histogram; the last bucket holds every longer reply. */
export const REPLY_HOUR_BOUNDS = [1, 3, 6, 12, 24, 48, 72, 168, 336, 720] as const;

/** Amounts this small are what float subtraction leaves of a zero. */
const EPSILON = 1e-9;

/** The review fields a part depends on (a review as stored, or its snapshot in an event). */
export interface ReviewState {
  createdAt?: Date | string;
  status?: string;
  rating?: number;
  criteria?: Partial<Record<Criterion, number | null>>;
  reply?: { createdAt?: Date | string } | null;
  verifiedCustomer?: boolean;
  reportsReceived?: number;
  reportsUpheld?: number;
  openReports?: unknown[];
}

/** One month's change: the document it goes to and the amounts. */
export interface MonthChange {
  month: string;
  figures: Figures;
}

/** "YYYY-MM", UTC. */
export function monthOf(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** The ISO week "YYYY-Www" (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(at: Date | string): string {
  const date = new Date(at);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = new Date(day + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function add(figures: Figures, field: string, amount: number): void {
  if (amount !== 0) figures[field] = (figures[field] ?? 0) + amount;
}

/** The histogram bucket of a reply `hours` after its review. */
export function replyBucketOf(hours: number): number {
  return REPLY_HOUR_BOUNDS.find((bound) => hours <= bound) ?? REPLY_HOUR_BOUNDS.at(-1)!;
}

function addRatingPart(figures: Figures, review: ReviewState, halfLifeDays: number): void {
  const rating = review.rating!;
  add(figures, FIELD.count, 1);
  add(figures, FIELD.ratingSum, rating);
  add(figures, FIELD.stars(rating), 1);
  for (const criterion of CRITERIA) {
    const value = review.criteria?.[criterion];
    if (typeof value !== 'number') continue;
    add(figures, FIELD.criteriaSum(criterion), value);
    add(figures, FIELD.criteriaCount(criterion), 1);
  }
  const weight = epochWeight(review.createdAt!, halfLifeDays);
  add(figures, FIELD.decayedSum, weight * rating);
  add(figures, FIELD.decayedCount, weight);
  add(figures, FIELD.week(isoWeekOf(review.createdAt!)), 1);
  if (review.reply?.createdAt) {
    const hours =
      (new Date(review.reply.createdAt).getTime() - new Date(review.createdAt!).getTime()) /
      3_600_000;
    add(figures, FIELD.replies, 1);
    add(figures, FIELD.replyHoursSum, Math.max(0, hours));
    add(figures, FIELD.replyWithin(replyBucketOf(hours)), 1);
  }
}

/**
 * What a review in this state adds to its month: ratings, weeks and replies while it is
 * published; its readers' reports and its invitation while it exists at all (a review taken down
 * on reports keeps them).
 */
export function partOf(review: ReviewState | null, halfLifeDays: number): MonthChange | null {
  if (!review?.createdAt || review.status === 'deleted') return null;
  const figures: Figures = {};
  if (review.status === 'published' && typeof review.rating === 'number') {
    addRatingPart(figures, review, halfLifeDays);
  }
  const received = review.reportsReceived ?? 0;
  const upheld = review.reportsUpheld ?? 0;
  const open = review.openReports?.length ?? 0;
  add(figures, FIELD.reportsOpened, received);
  add(figures, FIELD.reportsUpheld, upheld);
  add(figures, FIELD.reportsDismissed, Math.max(0, received - upheld - open));
  if (review.verifiedCustomer) add(figures, FIELD.invitationsReviewed, 1);
  return { month: monthOf(review.createdAt), figures };
}

/** The figures with `change` added (`sign` −1 subtracts), zeros left out. */
export function withFigures(figures: Figures, change: Figures, sign: 1 | -1 = 1): Figures {
  const next: Figures = { ...figures };
  for (const [field, amount] of Object.entries(change)) {
    const sum = (next[field] ?? 0) + sign * amount;
    if (Math.abs(sum) < EPSILON) delete next[field];
    else next[field] = sum;
  }
  return next;
}

/** Adds a change to the per-month map it belongs in. */
export function addChange(
  months: Map<string, Figures>,
  change: MonthChange | null,
  sign: 1 | -1 = 1,
) {
  if (!change) return;
  months.set(change.month, withFigures(months.get(change.month) ?? {}, change.figures, sign));
}

/** What one event changes, per month (pure; the worker applies it once per event id). */
export function changesOf(event: DomainEvent, halfLifeDays: number): MonthChange[] {
  const months = new Map<string, Figures>();
  if (event.type === 'invitation.created') {
    months.set(monthOf(event.at), { [FIELD.invitationsSent]: 1 });
  } else if (event.type.startsWith('review.')) {
    addChange(months, partOf(event.before as ReviewState | null, halfLifeDays), -1);
    addChange(months, partOf(event.after as ReviewState | null, halfLifeDays), 1);
  }
  return [...months]
    .filter(([, figures]) => Object.keys(figures).length > 0)
    .map(([month, figures]) => ({ month, figures }));
}
