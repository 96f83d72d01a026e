import type { DomainEvent } from '../events/review-events';

/** The figures of one month, site-wide; `rules` says what each moderation rule did. */
export interface MonthFigures {
  reviewsWritten: number;
  fromVerifiedAccounts: number;
  edits: number;
  flagged: number;
  removed: number;
  restored: number;
  reportsReceived: number;
  reportsUpheld: number;
  reportsDismissed: number;
  appeals: number;
  appealsGranted: number;
  /** Bursts of reviews that opened a service's alert; the reviews they held count as rule BURST. */
  burstAlerts: number;
  /** Per rule: reviews it flagged, and of those an admin later removed or published. */
  rules: Record<string, RuleFigures>;
}

export interface RuleFigures {
  flagged: number;
  confirmed: number;
  overturned: number;
}

export type Tally = Partial<Record<Exclude<keyof MonthFigures, 'rules'>, number>> & {
  rules?: Record<string, Partial<RuleFigures>>;
};

interface Snapshot {
  status?: string;
  authorVerified?: boolean;
  moderationReasons?: string[];
  reportCount?: number;
  reportsDecision?: 'upheld' | 'dismissed';
  appeal?: { status?: string };
  title?: string;
  details?: string;
  rating?: number;
}

/** What a rule-screened flag carried: the reasons, except the readers' reports. */
function rulesOf(review: Snapshot): string[] {
  return (review.moderationReasons ?? []).filter((reason) => reason !== 'reports');
}

function ruleTally(rules: string[], field: keyof RuleFigures): Tally {
  if (rules.length === 0) return {};
  return { rules: Object.fromEntries(rules.map((rule) => [rule, { [field]: 1 }])) };
}

/** How a moderation decision moves the figures: flags, take-downs, and what they said of rules. */
function statusTally(before: Snapshot, after: Snapshot): Tally {
  if (before.status === after.status) return {};
  if (after.status === 'flagged') return { flagged: 1, ...ruleTally(rulesOf(after), 'flagged') };
  const wasFlagged = before.status === 'flagged';
  if (after.status === 'rejected') {
    return { removed: 1, ...(wasFlagged ? ruleTally(rulesOf(before), 'confirmed') : {}) };
  }
  if (after.status === 'published') {
    return {
      ...(before.status === 'rejected' ? { restored: 1 } : {}),
      ...(wasFlagged ? ruleTally(rulesOf(before), 'overturned') : {}),
    };
  }
  return {};
}

/** What one event adds to its month's figures (pure; the worker applies it once per event). */
export function tallyOf(event: DomainEvent): Tally {
  const before = (event.before ?? {}) as Snapshot;
  const after = (event.after ?? {}) as Snapshot;
  switch (event.type) {
    case 'review.created':
      // A review held as it was written (a service's burst alert) counts as flagged at once.
      return {
        reviewsWritten: 1,
        fromVerifiedAccounts: after.authorVerified ? 1 : 0,
        ...statusTally({ status: 'published' }, after),
      };
    case 'service.burst_detected':
      return { burstAlerts: 1 };
    case 'review.updated': {
      const edited =
        before.title !== after.title ||
        before.details !== after.details ||
        before.rating !== after.rating;
      return edited ? { edits: 1 } : {};
    }
    case 'review.moderated':
      return statusTally(before, after);
    case 'review.reported':
      return { reportsReceived: 1 };
    case 'review.reports_decided': {
      const decided = before.reportCount ?? 0;
      const field = after.reportsDecision === 'upheld' ? 'reportsUpheld' : 'reportsDismissed';
      return { [field]: decided, ...statusTally(before, after) };
    }
    case 'review.appealed':
      return { appeals: 1 };
    case 'review.appeal_decided':
      return {
        ...(after.appeal?.status === 'granted' ? { appealsGranted: 1 } : {}),
        ...statusTally(before, after),
      };
    default:
      return {};
  }
}

/** The figures with a tally added. */
export function withTally(figures: Partial<MonthFigures>, tally: Tally): Partial<MonthFigures> {
  const next: Partial<MonthFigures> = { ...figures };
  for (const [field, value] of Object.entries(tally)) {
    if (field === 'rules') continue;
    const key = field as Exclude<keyof MonthFigures, 'rules'>;
    next[key] = (figures[key] ?? 0) + (value as number);
  }
  if (tally.rules) {
    const rules = { ...(figures.rules ?? {}) };
    for (const [rule, counts] of Object.entries(tally.rules)) {
      const current = rules[rule] ?? { flagged: 0, confirmed: 0, overturned: 0 };
      rules[rule] = {
        flagged: current.flagged + (counts.flagged ?? 0),
        confirmed: current.confirmed + (counts.confirmed ?? 0),
        overturned: current.overturned + (counts.overturned ?? 0),
      };
    }
    next.rules = rules;
  }
  return next;
}

/** The month an event counts in: "YYYY-MM", UTC. */
export function monthOf(at: string): string {
  return at.slice(0, 7);
}
