import { isAdmin, type AuthUser } from './auth-user';

/**
 * The ownership rules, in one place: who may do what to an item owned by someone. Routes say who
 * may call them at all (`@Access`); these say, for one item, whether this caller may act on it.
 */

/** What the caller may do with one review; the API answers it with every review. */
export interface ReviewPermissions {
  edit: boolean;
  delete: boolean;
  reply: boolean;
  report: boolean;
  helpful: boolean;
  appeal: boolean;
}

export const NO_REVIEW_PERMISSIONS: ReviewPermissions = {
  edit: false,
  delete: false,
  reply: false,
  report: false,
  helpful: false,
  appeal: false,
};

export function isAuthorOf(review: { authorId?: string }, caller: AuthUser | undefined): boolean {
  return caller !== undefined && review.authorId !== undefined && review.authorId === caller.id;
}

/** The review's author and admins may change it, delete it and see its author's e-mail. */
export function mayManageReview(
  review: { authorId?: string },
  caller: AuthUser | undefined,
): boolean {
  return isAdmin(caller) || isAuthorOf(review, caller);
}

/** Whether the caller owns the service: added it, or had their claim of it approved since. */
function isOwnerOf(
  service: { ownerId?: string } | undefined,
  caller: AuthUser | undefined,
): boolean {
  return caller !== undefined && service?.ownerId !== undefined && service.ownerId === caller.id;
}

/** The service's owner and admins may act for the service: answer its reviews, edit its contact. */
export function mayActForService(
  service: { ownerId?: string } | undefined,
  caller: AuthUser | undefined,
): boolean {
  return isAdmin(caller) || isOwnerOf(service, caller);
}

/**
 * Only the service's owner invites its customers (admins do not: the "Verified customer" label
 * says the business itself vouched for the reviewer).
 */
export const mayInviteCustomers = isOwnerOf;

/**
 * Anyone may review a service (a visitor once signed in) but its owner: its reviews come from
 * its customers.
 */
export function mayReviewService(
  service: { ownerId?: string } | undefined,
  caller: AuthUser | undefined,
): boolean {
  return !isOwnerOf(service, caller);
}

/** What the caller may do with one service; the API answers it with every service. */
export interface ServicePermissions {
  review: boolean;
  reply: boolean;
  invite: boolean;
  edit: boolean;
  claim: boolean;
}

/** What a claim needs of the service: a website to prove control of, and no approved claim yet. */
export interface ClaimableService {
  website?: string;
  claimedAt?: unknown;
}

/**
 * Anyone (a visitor once signed in) may claim a service that has a website and is not claimed
 * yet, its owner too: the claim proves control of the website, which adding it did not.
 */
export function mayClaimService(service: ClaimableService): boolean {
  return Boolean(service.website) && !service.claimedAt;
}

export function servicePermissions(
  service: { ownerId?: string } & ClaimableService,
  caller: AuthUser | undefined,
): ServicePermissions {
  const actFor = mayActForService(service, caller);
  return {
    review: mayReviewService(service, caller),
    reply: actFor,
    invite: mayInviteCustomers(service, caller),
    edit: actFor,
    claim: mayClaimService(service),
  };
}

/** Anyone signed in may report a review, except its author. */
export function mayReportReview(review: { authorId?: string }, caller: AuthUser | undefined) {
  return caller !== undefined && !isAuthorOf(review, caller);
}

/** Anyone signed in may mark a review helpful, except its author (the same readers as reports). */
export const mayMarkHelpful = mayReportReview;

/** What decides whether a review's author may appeal. */
export interface AppealableReview {
  authorId?: string;
  status?: string;
  decisionId?: string;
  appeal?: { decisionId: string };
}

/** A decision a review moderated before decisions had ids stands on. */
export const EARLIER_DECISION = 'earlier';

/** Its author may appeal a held or removed review, once per decision. */
export function mayAppealReview(review: AppealableReview, caller: AuthUser | undefined): boolean {
  if (!isAuthorOf(review, caller) || !review.status || review.status === 'published') return false;
  return review.appeal?.decisionId !== (review.decisionId ?? EARLIER_DECISION);
}

/** A user may ask about themselves; admins about anyone. */
export function mayAskAbout(email: string, caller: AuthUser): boolean {
  return isAdmin(caller) || email === caller.email;
}

/**
 * What `caller` may do with `review`; `service` is the reviewed service when known (its owner may
 * reply). A review read without its author (a public list's projection) gives anonymous answers.
 */
export function reviewPermissions(
  review: AppealableReview,
  caller: AuthUser | undefined,
  service?: { ownerId?: string },
): ReviewPermissions {
  if (!caller) return NO_REVIEW_PERMISSIONS;
  const manage = mayManageReview(review, caller);
  const reader = review.authorId !== undefined;
  return {
    edit: manage,
    delete: manage,
    reply: mayActForService(service, caller),
    report: reader && mayReportReview(review, caller),
    helpful: reader && mayMarkHelpful(review, caller),
    appeal: mayAppealReview(review, caller),
  };
}
