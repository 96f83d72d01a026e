import type { AuthUser } from '../../../src/auth/auth-user';
import type { Role } from '../../../src/common/role';
import { dayOf } from '../../../src/auth/token-hash';
import type { StoredInvitation } from '../../../src/invitations/invitations.repository';
import type { PlannedNotification } from '../../../src/notifications/notifications-for-event';
import type { StoredNotification } from '../../../src/notifications/notifications.repository';
import type { StoredReport } from '../../../src/reports/reports.repository';
import { actorOf } from '../../../src/events/outbox.service';
import type { DomainEvent, EventType } from '../../../src/events/review-events';
import type { Appeal } from '../../../src/reviews/review.schema';
import type { StoredReview } from '../../../src/reviews/reviews.repository';
import { reviewSnapshot } from '../../../src/reviews/review-writes';
import type { ServiceIdentity } from '../../../src/services/services.service';
import type { UserRecord } from '../../../src/users/users.repository';

/**
 * The domain's objects as tests need them: valid whole, named by what they are, with the fields a
 * test is about given as overrides.
 */

const DAY_MS = 86_400_000;

/** A signed-in caller, `<id>@example.com`, named after their id. */
export function authUser(id: string, role: Role = 'user', overrides: Partial<AuthUser> = {}) {
  const user: AuthUser = {
    id,
    email: `${id}@example.com`,
    role,
    displayName: id,
    photoURL: '',
    sessionId: `login-${id}`,
    ...overrides,
  };
  return user;
}

/** A stored account: verified, and a year old unless told otherwise. */
export function userRecord(id: string, overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    _id: id,
    email: `${id}@example.com`,
    displayName: id,
    photoURL: '',
    emailVerified: true,
    role: 'user',
    createdAt: new Date(Date.now() - 365 * DAY_MS),
    ...overrides,
  };
}

/** A listed service as ServicesService.identity answers it. */
export function serviceIdentity(overrides: Partial<ServiceIdentity> = {}): ServiceIdentity {
  return { title: 'Courier', listed: true, ...overrides };
}

/** Review r1 of service s1 by `author`, published, with no events waiting. */
export function storedReview(overrides: Partial<StoredReview> = {}): StoredReview {
  return {
    _id: 'r1',
    title: 'Courier',
    details: 'On time.',
    serviceID: 1234,
    service: 's1',
    rating: 4,
    criteria: {},
    authorId: 'author',
    reviewUser: 'author',
    reviewerImage: '',
    email: 'author@example.com',
    status: 'published',
    moderationReasons: [],
    resubmitted: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    pendingEvents: [],
    pending: false,
    authorVerified: false,
    ...overrides,
  };
}

/** An open report of r1 by `reporter`, counting with weight 1. */
export function storedReport(overrides: Partial<StoredReport> = {}): StoredReport {
  const reviewId = overrides.reviewId ?? 'r1';
  const reporterId = overrides.reporterId ?? 'reporter';
  return {
    _id: `${reviewId}:${reporterId}`,
    reviewId,
    serviceId: 's1',
    reporterId,
    reporterEmail: `${reporterId}@example.com`,
    reporterName: reporterId,
    reason: 'spam',
    weight: 1,
    held: false,
    status: 'open',
    createdAt: new Date(0),
    ...overrides,
  };
}

/** An author's open appeal of the decision `decisionId`. */
export function openAppeal(overrides: Partial<Appeal> = {}): Appeal {
  return {
    decisionId: 'decision-1',
    text: 'My review breaks no rule.',
    at: new Date(0),
    status: 'open',
    ...overrides,
  };
}

/** An unused invitation to review s1, made by `owner`, expiring in a day unless told otherwise. */
export function storedInvitation(overrides: Partial<StoredInvitation> = {}): StoredInvitation {
  const expiresAt = overrides.expiresAt ?? new Date(Date.now() + DAY_MS);
  return {
    _id: 'invitation-1',
    userId: 'owner',
    serviceId: 's1',
    createdAt: new Date(),
    expiresAt,
    expiresOn: dayOf(expiresAt.getTime()),
    ...overrides,
  };
}

/** A notification an event plans for `userId`. */
export function plannedNotification(
  overrides: Partial<PlannedNotification> = {},
): PlannedNotification {
  return {
    id: 'event-1:author',
    userId: 'author',
    kind: 'review.replied',
    text: 'The business replied to your review.',
    link: '/reviews/r1',
    ...overrides,
  };
}

/** A stored, unread notification. */
export function storedNotification(
  overrides: Partial<StoredNotification> = {},
): StoredNotification {
  return {
    ...plannedNotification(),
    _id: 'event-1:author',
    createdAt: new Date(0),
    read: false,
    readAt: null,
    ...overrides,
  };
}

/** The event a write of `after` (from `before`) by `actor` records, as ReviewWrites makes it. */
export function reviewEvent(
  type: EventType,
  actor: AuthUser,
  after: StoredReview | null,
  before: StoredReview | null = null,
  at = new Date(),
): DomainEvent {
  const review = after ?? before;
  return {
    id: `event-${type}`,
    type,
    at: at.toISOString(),
    actor: actorOf(actor),
    reviewId: review ? String(review._id) : undefined,
    serviceId: review?.service,
    before: before && reviewSnapshot(before),
    after: after && reviewSnapshot(after),
  };
}
