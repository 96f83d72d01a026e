/** What the owner's dashboard and the public trend show of a month's counters (pure). */
import { fairScore, type ScorePrior, type ScoreSettings } from '../ratings/fair-score';
import { CRITERIA, STARS, type Criterion } from '../ratings/ratings';
import { FIELD, REPLY_HOUR_BOUNDS, type Figures } from './insight-figures';

export interface MonthSummary {
  month: string;
  count: number;
  average: number | null;
  fairScore: number | null;
  stars: number[];
  criteria: Record<Criterion, number | null>;
  replies: number;
  replyRate: number | null;
  typicalReplyHours: number | null;
  reportsOpened: number;
  reportsUpheld: number;
  reportsDismissed: number;
  invitationsSent: number;
  invitationsReviewed: number;
}

export interface WeekCount {
  week: string;
  count: number;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The `count` last months to `now`, oldest first, "YYYY-MM". */
export function lastMonths(count: number, now: Date = new Date()): string[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index)));
    return date.toISOString().slice(0, 7);
  });
}

/** Every month from `first` ("YYYY-MM") to the current one, oldest first. */
export function monthsSince(first: string, now: Date = new Date()): string[] {
  const [year, month] = first.split('-').map(Number);
  const count = (now.getUTCFullYear() - year) * 12 + now.getUTCMonth() - (month - 1) + 1;
  return count > 0 ? lastMonths(count, now) : [];
}

/** The first instant after the month, or `now` for the month under way. */
function endOf(month: string, now: number): number {
  const [year, monthIndex] = month.split('-').map(Number);
  return Math.min(Date.UTC(year, monthIndex), now);
}

/** The upper bound of the histogram bucket that holds the middle reply, or null without replies. */
function typicalReplyHours(figures: Figures): number | null {
  const replies = figures[FIELD.replies] ?? 0;
  if (replies <= 0) return null;
  let seen = 0;
  for (const bound of REPLY_HOUR_BOUNDS) {
    seen += figures[FIELD.replyWithin(bound)] ?? 0;
    if (seen * 2 >= replies) return bound;
  }
  return REPLY_HOUR_BOUNDS.at(-1)!;
}

/** The month's published reviews and their mean stars (null without any). */
export function ratingOf(figures: Figures): { count: number; average: number | null } {
  const count = figures[FIELD.count] ?? 0;
  return { count, average: count > 0 ? round2((figures[FIELD.ratingSum] ?? 0) / count) : null };
}

/**
 * A month's figures. Its fair score is the score its own reviews make at the month's end (each
 * weighted by its age then, with the site-wide prior), so a month of few reviews leans to the
 * site's mean.
 */
export function summaryOf(
  month: string,
  figures: Figures,
  prior: ScorePrior,
  settings: ScoreSettings,
  now: number = Date.now(),
): MonthSummary {
  const at = (field: string) => figures[field] ?? 0;
  const { count, average } = ratingOf(figures);
  const score = fairScore(
    {
      ratingCount: count,
      decayedSum: at(FIELD.decayedSum),
      decayedCount: at(FIELD.decayedCount),
    },
    prior,
    settings,
    endOf(month, now),
  );
  const criteria = Object.fromEntries(
    CRITERIA.map((criterion) => {
      const rated = at(FIELD.criteriaCount(criterion));
      return [criterion, rated > 0 ? round2(at(FIELD.criteriaSum(criterion)) / rated) : null];
    }),
  ) as Record<Criterion, number | null>;
  const replies = at(FIELD.replies);
  return {
    month,
    count,
    average,
    fairScore: score === null ? null : round2(score),
    stars: STARS.map((stars) => at(FIELD.stars(stars))),
    criteria,
    replies,
    replyRate: count > 0 ? round2(replies / count) : null,
    typicalReplyHours: typicalReplyHours(figures),
    reportsOpened: at(FIELD.reportsOpened),
    reportsUpheld: at(FIELD.reportsUpheld),
    reportsDismissed: at(FIELD.reportsDismissed),
    invitationsSent: at(FIELD.invitationsSent),
    invitationsReviewed: at(FIELD.invitationsReviewed),
  };
}

/** Reviews per ISO week over the months' figures, oldest first (a week may span two months). */
export function weeksOf(months: Figures[]): WeekCount[] {
  const weeks = new Map<string, number>();
  const prefix = FIELD.week('');
  for (const figures of months) {
    for (const [field, amount] of Object.entries(figures)) {
      if (!field.startsWith(prefix)) continue;
      const week = field.slice(prefix.length);
      weeks.set(week, (weeks.get(week) ?? 0) + amount);
    }
  }
  return [...weeks]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, count]) => ({ week, count }));
}
