/** The moderation rules' reasons (backend review-events/moderation-rules.ts, services/service-screening.ts) in words. */
const reasonLabels: Record<string, string> = {
  PROFANITY: 'Offensive language',
  LINK_SPAM: 'Too many links',
  CONTACT_DETAILS: 'Contact details (e-mail or phone number)',
  DUPLICATE_TEXT: 'Same text as another of your reviews',
  POSTING_TOO_FAST: 'Too many reviews in a short time',
  ALL_CAPS: 'Written in capital letters',
  REPEATED_CHARACTERS: 'Repeated characters',
  JUNK_TITLE: 'The name is too short to be a real service',
  DUPLICATE_DESCRIPTION: 'Same description as another service',
  reports: 'Reported by readers',
};

const moderationReasonLabel = (reason: string) => reasonLabels[reason] ?? reason;

/** Reasons in words, as one list a sentence can hold. */
export const moderationReasonsInWords = (reasons: string[]) =>
  reasons.map(moderationReasonLabel).join(', ');
