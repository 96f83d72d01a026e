import type { ListReviewsApiArg } from './api/client';

/** A reason the moderation holds a review for: what the review lists filter on. */
export type HeldReason = NonNullable<ListReviewsApiArg['reason']>;

/** Reviews' moderation reasons (backend moderation/moderation-rules.ts) in words. */
export const reviewReasonLabels: Record<HeldReason, string> = {
  PROFANITY: 'Offensive language',
  LINK_SPAM: 'Too many links',
  CONTACT_DETAILS: 'Contact details (e-mail or phone number)',
  DUPLICATE_TEXT: 'Same text as another of your reviews',
  POSTING_TOO_FAST: 'Too many reviews in a short time',
  ALL_CAPS: 'Written in capital letters',
  REPEATED_CHARACTERS: 'Repeated characters',
  reports: 'Reported by readers',
  BURST: 'Came during an unusual burst of reviews of the service',
};

/** What holds only a new service (backend services/service-screening.ts). */
const serviceReasonLabels: Record<string, string> = {
  JUNK_TITLE: 'The name is too short to be a real service',
  DUPLICATE_DESCRIPTION: 'Same description as another service',
};

const moderationReasonLabel = (reason: string) =>
  reviewReasonLabels[reason as HeldReason] ?? serviceReasonLabels[reason] ?? reason;

/** Reasons in words, as one list a sentence can hold. */
export const moderationReasonsInWords = (reasons: string[]) =>
  reasons.map(moderationReasonLabel).join(', ');
