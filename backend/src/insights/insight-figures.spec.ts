import type { DomainEvent } from '../events/review-events';
import {
  FIELD,
  addChange,
  changesOf,
  isoWeekOf,
  partOf,
  replyBucketOf,
  withFigures,
  type Figures,
  type ReviewState,
} from './insight-figures';
import { lastMonths, monthsSince, summaryOf, weeksOf } from './insight-summary';

const HALF_LIFE = 180;
const SETTINGS = { priorWeight: 5, halfLifeDays: HALF_LIFE };
const PRIOR = { mean: 4, count: 0 };

const written: ReviewState = {
  createdAt: '2026-10-05T10:00:00.000Z',
  status: 'published',
  rating: 4,
  criteria: { speed: 5, value: 3 },
};

let eventCount = 0;
function event(
  type: DomainEvent['type'],
  before: ReviewState | null,
  after: ReviewState | null,
  at = '2026-11-02T09:00:00.000Z',
): DomainEvent {
  eventCount += 1;
  return {
    id: `event-${eventCount}`,
    type,
    at,
    actor: { id: 'u', email: 'u@example.com', role: 'user' },
    serviceId: 'service-1',
    reviewId: 'review-1',
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  };
}

/** The events' changes added up per month, as the worker applies them. */
function applied(events: DomainEvent[]): Map<string, Figures> {
  const months = new Map<string, Figures>();
  for (const change of events.flatMap((one) => changesOf(one, HALF_LIFE))) {
    addChange(months, change);
  }
  return new Map([...months].filter(([, figures]) => Object.keys(figures).length > 0));
}

/** The reviews' parts added up per month, as the rebuild counts them. */
function counted(reviews: ReviewState[]): Map<string, Figures> {
  const months = new Map<string, Figures>();
  for (const review of reviews) addChange(months, partOf(review, HALF_LIFE));
  return new Map([...months].filter(([, figures]) => Object.keys(figures).length > 0));
}

describe('a service’s monthly figures', () => {
  it('counts a new published review in the month and week it was written', () => {
    const months = applied([event('review.created', null, written)]);
    expect([...months.keys()]).toEqual(['2026-10']);
    const figures = months.get('2026-10')!;
    expect(figures).toMatchObject({
      [FIELD.count]: 1,
      [FIELD.ratingSum]: 4,
      [FIELD.stars(4)]: 1,
      [FIELD.criteriaSum('speed')]: 5,
      [FIELD.criteriaCount('speed')]: 1,
      [FIELD.criteriaSum('value')]: 3,
      [FIELD.week('2026-W41')]: 1,
    });
    expect(figures[FIELD.criteriaCount('tracking')]).toBeUndefined();
    expect(figures[FIELD.decayedCount]).toBeGreaterThan(0);
  });

  it('moves an edited rating from its old stars to its new ones', () => {
    const edited = { ...written, rating: 2, criteria: { speed: 1 } };
    const figures = applied([
      event('review.created', null, written),
      event('review.updated', written, edited),
    ]).get('2026-10')!;
    expect(figures[FIELD.count]).toBe(1);
    expect(figures[FIELD.ratingSum]).toBe(2);
    expect(figures[FIELD.stars(4)]).toBeUndefined();
    expect(figures[FIELD.stars(2)]).toBe(1);
    expect(figures[FIELD.criteriaSum('value')]).toBeUndefined();
    expect(figures[FIELD.criteriaSum('speed')]).toBe(1);
  });

  it('leaves nothing of a review deleted or taken down', () => {
    const flagged = { ...written, status: 'flagged' };
    expect(
      applied([event('review.created', null, written), event('review.deleted', written, null)]),
    ).toEqual(new Map());
    expect(
      applied([
        event('review.created', null, written),
        event('review.moderated', written, flagged),
      ]),
    ).toEqual(new Map());
  });

  it('counts a reply and how long it took, in the review’s month', () => {
    const replied = { ...written, reply: { createdAt: '2026-10-06T12:00:00.000Z' } };
    const figures = applied([
      event('review.created', null, written),
      event('review.replied', written, replied),
    ]).get('2026-10')!;
    expect(figures[FIELD.replies]).toBe(1);
    expect(figures[FIELD.replyHoursSum]).toBe(26);
    expect(figures[FIELD.replyWithin(48)]).toBe(1);
  });

  it('counts reports with their outcomes, and the review taken down on them', () => {
    const reported = { ...written, reportsReceived: 2, openReports: [{}, {}] };
    const upheld = {
      ...written,
      status: 'rejected',
      reportsReceived: 2,
      reportsUpheld: 2,
      openReports: [],
    };
    const figures = applied([
      event('review.created', null, written),
      event('review.reported', written, reported),
      event('review.reports_decided', reported, upheld),
    ]).get('2026-10')!;
    expect(figures).toEqual({ [FIELD.reportsOpened]: 2, [FIELD.reportsUpheld]: 2 });
    const dismissed = { ...reported, reportsDecision: 'dismissed', openReports: [] };
    expect(
      applied([
        event('review.created', null, written),
        event('review.reported', written, reported),
        event('review.reports_decided', reported, dismissed),
      ]).get('2026-10'),
    ).toMatchObject({ [FIELD.reportsOpened]: 2, [FIELD.reportsDismissed]: 2 });
  });

  it('counts invitations sent in their month and reviews written through one in theirs', () => {
    const invited = { ...written, verifiedCustomer: true };
    const months = applied([
      event('invitation.created', null, null, '2026-09-30T23:00:00.000Z'),
      event('review.created', null, invited),
    ]);
    expect(months.get('2026-09')).toEqual({ [FIELD.invitationsSent]: 1 });
    expect(months.get('2026-10')![FIELD.invitationsReviewed]).toBe(1);
  });

  it('gives the same figures from the events, in any order, as from the reviews as stored', () => {
    const second: ReviewState = {
      createdAt: '2026-11-20T08:00:00.000Z',
      status: 'published',
      rating: 5,
    };
    const edited = { ...written, rating: 3 };
    const replied = { ...edited, reply: { createdAt: '2026-10-15T10:00:00.000Z' } };
    const events = [
      event('review.created', null, written),
      event('review.created', null, second),
      event('review.updated', written, edited),
      event('review.replied', edited, replied),
      event('review.deleted', second, null),
    ];
    const expected = counted([replied]);
    const inOrder = applied(events);
    const reversed = applied([...events].reverse());
    for (const months of [inOrder, reversed]) {
      expect([...months.keys()]).toEqual([...expected.keys()]);
      for (const [month, figures] of expected) {
        expect(Object.keys(months.get(month)!).sort()).toEqual(Object.keys(figures).sort());
        for (const [field, amount] of Object.entries(figures)) {
          expect(months.get(month)![field]).toBeCloseTo(amount, 9);
        }
      }
    }
  });

  it('changes nothing for an event about something else', () => {
    expect(changesOf(event('service.created', null, null), HALF_LIFE)).toEqual([]);
  });

  it('subtracts what it added', () => {
    const change = { a: 2, b: 0.1 + 0.2 };
    expect(withFigures(withFigures({}, change), change, -1)).toEqual({});
  });
});

describe('the months as the dashboard shows them', () => {
  it('names ISO weeks across a year’s end', () => {
    expect(isoWeekOf('2026-01-01T00:00:00Z')).toBe('2026-W01');
    expect(isoWeekOf('2027-01-01T00:00:00Z')).toBe('2026-W53');
    expect(isoWeekOf('2024-12-30T00:00:00Z')).toBe('2025-W01');
  });

  it('puts each reply time in its bucket, the longest in the last', () => {
    expect(replyBucketOf(0.5)).toBe(1);
    expect(replyBucketOf(24)).toBe(24);
    expect(replyBucketOf(25)).toBe(48);
    expect(replyBucketOf(5000)).toBe(720);
  });

  it('lists the last months, oldest first, across a year', () => {
    expect(lastMonths(3, new Date('2026-02-10T00:00:00Z'))).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('lists the months since a first one, to this one', () => {
    const now = new Date('2026-01-15T00:00:00Z');
    expect(monthsSince('2025-11', now)).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(monthsSince('2026-02', now)).toEqual([]);
  });

  it('sums a month into averages, rates, a typical reply time and a fair score', () => {
    const figures = counted([
      { ...written, reply: { createdAt: '2026-10-05T11:00:00.000Z' } },
      { ...written, rating: 2, reply: { createdAt: '2026-10-09T10:00:00.000Z' } },
      { ...written, rating: 3 },
    ]).get('2026-10')!;
    const month = summaryOf('2026-10', figures, PRIOR, SETTINGS);
    expect(month).toMatchObject({
      month: '2026-10',
      count: 3,
      average: 3,
      stars: [0, 1, 1, 1, 0],
      criteria: { speed: 5, value: 3, tracking: null },
      replies: 2,
      replyRate: 0.67,
      typicalReplyHours: 1,
    });
    // Three reviews of mean 3 with five of the prior's 4: between the two, nearer the prior.
    expect(month.fairScore!).toBeGreaterThan(3);
    expect(month.fairScore!).toBeLessThan(4);
    expect(summaryOf('2026-09', {}, PRIOR, SETTINGS)).toMatchObject({
      count: 0,
      average: null,
      fairScore: null,
      replyRate: null,
      typicalReplyHours: null,
    });
  });

  it('adds up a week that spans two months', () => {
    expect(
      weeksOf([
        { [FIELD.week('2026-W44')]: 2, [FIELD.count]: 2 },
        { [FIELD.week('2026-W44')]: 1, [FIELD.week('2026-W45')]: 3 },
      ]),
    ).toEqual([
      { week: '2026-W44', count: 3 },
      { week: '2026-W45', count: 3 },
    ]);
  });
});
