import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user';
import { isAuthorOf } from '../auth/policy';
import type { EventActor } from '../events/review-events';
import type { Review, ReviewStatus, ReviewVersion } from './review.schema';
import type { StoredReview } from './reviews.repository';

export interface StatusChange {
  /** Only a review in one of these statuses changes (so a retried job changes nothing twice). */
  from: ReviewStatus[];
  to: ReviewStatus;
  reasons?: string[];
  note?: string;
}

/** Fields an edit replaces, kept as the earlier version. */
const VERSIONED_FIELDS = ['title', 'details', 'rating', 'criteria'] as const;

/** What a kept review shows of an author who deleted their account. */
export const ANONYMOUS_AUTHOR = {
  reviewUser: 'Deleted user',
  reviewerImage: '',
  email: '',
  authorVerified: false,
} as const;

/**
 * What an author's edit of their held or rejected review changes besides its fields: it goes back
 * to the moderation queue, marked as resubmitted, without the old decision's reasons and note.
 */
export function resubmission(current: StoredReview, caller: AuthUser): Partial<Review> {
  if (!isAuthorOf(current, caller) || current.status === 'published') return {};
  return {
    status: 'flagged',
    resubmitted: true,
    moderationReasons: [],
    moderationNote: undefined,
  };
}

/**
 * The fields of a moderation decision: a new decision id (an appeal names it), and a public
 * placeholder when an admin takes the review down (removed again when it is published).
 */
export function statusChangeFields(change: StatusChange, actor: EventActor): Partial<Review> {
  const now = new Date();
  // The note is the latest decision's: a decision without one removes an older one.
  const set: Partial<Review> = {
    status: change.to,
    resubmitted: false,
    updatedAt: now,
    moderationNote: change.note,
    decisionId: randomUUID(),
    ...(change.reasons ? { moderationReasons: change.reasons } : {}),
  };
  if (change.to === 'rejected' && actor.role === 'admin') {
    set.removal = { reason: change.note ?? 'Breaks the review guidelines', at: now };
  }
  if (change.to === 'published') set.removal = undefined;
  return set;
}

/** An edit of the content keeps the version it replaces and marks the review edited. */
export function versionedEdit(current: StoredReview, changes: Partial<Review>, now: Date) {
  const replaced = VERSIONED_FIELDS.some(
    (field) =>
      changes[field] !== undefined &&
      JSON.stringify(changes[field]) !== JSON.stringify(current[field]),
  );
  if (!replaced) return {};
  const version: ReviewVersion = {
    title: current.title,
    details: current.details,
    rating: current.rating,
    criteria: current.criteria ?? {},
    writtenAt: current.editedAt ?? current.createdAt,
    replacedAt: now,
  };
  const versions = [...(current.versions ?? []), version];
  return { versions, versionCount: versions.length, editedAt: now };
}

/** The document as a write leaves it: a field set to undefined is removed. */
export function withoutUndefined(review: StoredReview): StoredReview {
  return Object.fromEntries(
    Object.entries(review).filter(([, value]) => value !== undefined),
  ) as StoredReview;
}
