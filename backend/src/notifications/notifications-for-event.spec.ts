import type { DomainEvent } from '../events/review-events';
import { notificationsForEvent } from './notifications-for-event';

function event(fields: Partial<DomainEvent>): DomainEvent {
  return {
    id: 'e1',
    type: 'review.created',
    at: '2026-01-01T00:00:00.000Z',
    actor: { id: 'author', email: 'a@example.com', role: 'user' },
    reviewId: 'r1',
    serviceId: 's1',
    before: null,
    after: null,
    ...fields,
  };
}

const review = { authorId: 'author', title: 'Fast and careful' };

describe('notificationsForEvent', () => {
  it("tells a service's owner about a new review, but not when the owner wrote it", () => {
    const created = event({ after: review });
    expect(
      notificationsForEvent(created, { service: { ownerId: 'owner', title: 'SwiftParcel' } }),
    ).toEqual([
      {
        id: 'e1:owner',
        userId: 'owner',
        kind: 'review.received',
        text: 'New review of SwiftParcel: "Fast and careful"',
        link: '/services/s1',
      },
    ]);
    expect(notificationsForEvent(created, { service: { ownerId: 'author', title: 'X' } })).toEqual(
      [],
    );
    expect(notificationsForEvent(created, { service: { title: 'Seeded' } })).toEqual([]);
  });

  it('tells the author, not the owner, of a review held as it was written (a burst)', () => {
    const held = event({
      after: { ...review, status: 'flagged', moderationReasons: ['BURST'] },
    });
    expect(
      notificationsForEvent(held, { service: { ownerId: 'owner', title: 'SwiftParcel' } }),
    ).toEqual([
      {
        id: 'e1:author',
        userId: 'author',
        kind: 'review.flagged',
        text: 'Your review of SwiftParcel was held because it came during an unusual burst of reviews of this service, which a moderator checks.',
        link: '/myallreviews',
      },
    ]);
  });

  it('tells every admin it is given of a burst of reviews, and nobody without them', () => {
    const burst = event({
      type: 'service.burst_detected',
      actor: { id: 'system', email: 'moderation@service-critic', role: 'system' },
      reviewId: undefined,
      after: { serviceId: 's1', open: true },
    });
    const context = { service: { title: 'SwiftParcel' }, adminIds: ['admin1', 'admin2'] };
    expect(notificationsForEvent(burst, context)).toEqual(
      ['admin1', 'admin2'].map((userId) => ({
        id: `e1:${userId}`,
        userId,
        kind: 'service.burst_detected',
        text: 'Unusual burst of reviews on SwiftParcel: its new reviews are held for moderation until an admin closes the alert.',
        link: '/admin/alerts',
      })),
    );
    expect(notificationsForEvent(burst, { service: { title: 'SwiftParcel' } })).toEqual([]);
  });

  it("tells the reviewer when the service's business replies, unless they replied themselves", () => {
    const replied = (actorId: string) =>
      notificationsForEvent(
        event({
          type: 'review.replied',
          actor: { id: actorId, email: `${actorId}@example.com`, role: 'user' },
          after: { ...review, reply: { text: 'Thank you!' } },
        }),
        { service: { ownerId: 'owner', title: 'SwiftParcel' } },
      );
    expect(replied('owner')).toEqual([
      {
        id: 'e1:author',
        userId: 'author',
        kind: 'review.replied',
        text: 'SwiftParcel replied to your review "Fast and careful".',
        link: '/services/s1',
      },
    ]);
    expect(replied('author')).toEqual([]);
  });

  it('tells the author when a review is flagged, approved or rejected', () => {
    const moderated = (before: Record<string, unknown>, after: Record<string, unknown>) =>
      notificationsForEvent(
        event({ type: 'review.moderated', before, after: { ...review, ...after } }),
        {},
      );
    expect(
      moderated(
        { status: 'published' },
        { status: 'flagged', moderationReasons: ['PROFANITY'] },
      )[0],
    ).toMatchObject({
      userId: 'author',
      kind: 'review.flagged',
      text: 'Your review of a service was held because it contains offensive language.',
    });
    const held = notificationsForEvent(
      event({
        type: 'review.moderated',
        before: { status: 'published' },
        after: { ...review, status: 'flagged', moderationReasons: ['CONTACT_DETAILS', 'ALL_CAPS'] },
      }),
      { service: { title: 'Night Owl Couriers' } },
    );
    expect(held[0].text).toBe(
      'Your review of Night Owl Couriers was held because it contains contact details and is written in capital letters.',
    );
    expect(moderated({ status: 'flagged' }, { status: 'published' })[0].kind).toBe(
      'review.approved',
    );
    expect(
      moderated({ status: 'flagged' }, { status: 'rejected', moderationNote: 'Personal attack' })[0]
        .text,
    ).toBe('Your review "Fast and careful" was rejected: Personal attack');
  });

  it('tells the author when an admin deletes the review, not when they delete it themselves', () => {
    const byAdmin = event({
      type: 'review.deleted',
      actor: { id: 'admin', email: 'boss@example.com', role: 'admin' },
      before: review,
    });
    expect(notificationsForEvent(byAdmin, { service: { title: 'SwiftParcel' } })[0]).toMatchObject({
      kind: 'review.deleted_by_admin',
      text: 'An admin deleted your review "Fast and careful" of SwiftParcel.',
    });
    expect(notificationsForEvent(event({ type: 'review.deleted', before: review }), {})).toEqual(
      [],
    );
  });

  it('tells the author the outcome of reports and appeals, and an owner the screening', () => {
    const removed = event({
      type: 'review.reports_decided',
      after: { ...review, status: 'rejected', moderationNote: 'Spam.' },
    });
    expect(notificationsForEvent(removed, {})[0]).toMatchObject({
      userId: 'author',
      kind: 'review.removed',
      text: 'Your review "Fast and careful" was removed after reports: Spam.',
    });
    const granted = event({
      type: 'review.appeal_decided',
      after: { ...review, status: 'published', appeal: { status: 'granted' } },
    });
    expect(notificationsForEvent(granted, {})[0]?.text).toBe(
      'Your appeal was granted: your review "Fast and careful" is public again.',
    );
    const screened = event({
      type: 'service.screened',
      reviewId: undefined,
      after: { ownerId: 'owner', title: 'X', screening: { note: 'Not a service.' } },
    });
    expect(notificationsForEvent(screened, {})).toEqual([
      {
        id: 'e1:owner',
        userId: 'owner',
        kind: 'service.screened',
        text: 'Your service "X" was not approved: Not a service.',
        link: '/services/s1',
      },
    ]);
  });

  it("tells a claimant the admin's decision on their claim", () => {
    const decided = (status: string, note?: string) =>
      event({
        type: 'service.claim_decided',
        reviewId: undefined,
        after: { userId: 'claimant', status, title: 'Fast Courier', ...(note && { note }) },
      });
    expect(notificationsForEvent(decided('approved'), {})).toEqual([
      {
        id: 'e1:claimant',
        userId: 'claimant',
        kind: 'service.claim_decided',
        text: 'Your claim of "Fast Courier" was approved: you now manage its page.',
        link: '/services/s1',
      },
    ]);
    expect(notificationsForEvent(decided('rejected', 'Not the company.'), {})[0]?.text).toBe(
      'Your claim of "Fast Courier" was not approved: Not the company.',
    );
  });
});
