import type { DomainEvent, EventType } from '../events/review-events';
import { monthOf, tallyOf, withTally } from './monthly-tally';

const event = (
  type: EventType,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DomainEvent => ({
  id: 'e1',
  type,
  at: '2026-11-23T10:00:00.000Z',
  actor: { id: 'a', email: 'a@example.com', role: 'admin' },
  before,
  after,
});

describe('tallyOf', () => {
  it('counts new reviews and those from verified accounts', () => {
    expect(tallyOf(event('review.created', null, { authorVerified: true }))).toEqual({
      reviewsWritten: 1,
      fromVerifiedAccounts: 1,
    });
  });

  it('counts a review held as it was written for its rule, and each burst alert', () => {
    const held = { status: 'flagged', moderationReasons: ['BURST'], authorVerified: false };
    expect(tallyOf(event('review.created', null, held))).toEqual({
      reviewsWritten: 1,
      fromVerifiedAccounts: 0,
      flagged: 1,
      rules: { BURST: { flagged: 1 } },
    });
    expect(tallyOf(event('review.moderated', held, { status: 'published' }))).toEqual({
      rules: { BURST: { overturned: 1 } },
    });
    expect(tallyOf(event('service.burst_detected', null, { open: true }))).toEqual({
      burstAlerts: 1,
    });
    expect(tallyOf(event('service.burst_closed', { open: true }, {}))).toEqual({});
  });

  it('counts an edit of the content, not of the spec field', () => {
    expect(tallyOf(event('review.updated', { details: 'a' }, { details: 'b' }))).toEqual({
      edits: 1,
    });
    expect(tallyOf(event('review.updated', { details: 'a' }, { details: 'a' }))).toEqual({});
  });

  it('credits a flag to its rules, and the admin decision after it', () => {
    const flagged = { status: 'flagged', moderationReasons: ['PROFANITY', 'ALL_CAPS'] };
    expect(tallyOf(event('review.moderated', { status: 'published' }, flagged))).toEqual({
      flagged: 1,
      rules: { PROFANITY: { flagged: 1 }, ALL_CAPS: { flagged: 1 } },
    });
    expect(tallyOf(event('review.moderated', flagged, { status: 'rejected' }))).toEqual({
      removed: 1,
      rules: { PROFANITY: { confirmed: 1 }, ALL_CAPS: { confirmed: 1 } },
    });
    expect(tallyOf(event('review.moderated', flagged, { status: 'published' }))).toEqual({
      rules: { PROFANITY: { overturned: 1 }, ALL_CAPS: { overturned: 1 } },
    });
  });

  it('counts reports, their outcome, appeals and restorations', () => {
    expect(tallyOf(event('review.reported', {}, {}))).toEqual({ reportsReceived: 1 });
    const reported = { status: 'flagged', reportCount: 3, moderationReasons: ['reports'] };
    expect(
      tallyOf(
        event('review.reports_decided', reported, {
          status: 'rejected',
          reportsDecision: 'upheld',
        }),
      ),
    ).toEqual({ reportsUpheld: 3, removed: 1 });
    // Dismissed reports on a review rejected meanwhile by other means leave it as it is.
    const rejected = { status: 'rejected', reportCount: 2 };
    expect(
      tallyOf(
        event('review.reports_decided', rejected, {
          status: 'rejected',
          reportsDecision: 'dismissed',
        }),
      ),
    ).toEqual({ reportsDismissed: 2 });
    expect(
      tallyOf(
        event(
          'review.appeal_decided',
          { status: 'rejected' },
          { status: 'published', appeal: { status: 'granted' } },
        ),
      ),
    ).toEqual({ appealsGranted: 1, restored: 1 });
  });
});

describe('withTally', () => {
  it('adds the counts and the rules', () => {
    const once = withTally({}, { flagged: 1, rules: { PROFANITY: { flagged: 1 } } });
    const twice = withTally(once, { flagged: 1, rules: { PROFANITY: { confirmed: 1 } } });
    expect(twice).toEqual({
      flagged: 2,
      rules: { PROFANITY: { flagged: 1, confirmed: 1, overturned: 0 } },
    });
  });

  it('takes the month from the time', () => {
    expect(monthOf('2026-11-23T10:00:00.000Z')).toBe('2026-11');
  });
});
