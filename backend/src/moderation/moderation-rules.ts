import { createHash } from 'node:crypto';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';

/** Why a review was flagged; stored on the review and shown to its author and admins. */
export const MODERATION_REASONS = [
  'PROFANITY',
  'LINK_SPAM',
  'CONTACT_DETAILS',
  'DUPLICATE_TEXT',
  'POSTING_TOO_FAST',
  'ALL_CAPS',
  'REPEATED_CHARACTERS',
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];

export interface ModerationInput {
  title: string;
  details: string;
  /** Text tags (`textTag`) of the author's reviews of other services, to catch copy-pasted ones. */
  authorTextTagsElsewhere: string[];
  /** How many reviews the author wrote in the last 10 minutes, this one included. */
  authorReviewsLast10Minutes: number;
}

export type ModerationRule = (input: ModerationInput) => ModerationReason | undefined;

const MAX_LINKS = 2;
const MAX_REVIEWS_PER_10_MINUTES = 5;

const profanityMatcher = new RegExpMatcher({
  ...englishDataset.build(),
  ...englishRecommendedTransformers,
});

function text(input: ModerationInput): string {
  return `${input.title}\n${input.details}`;
}

export const profanity: ModerationRule = (input) =>
  profanityMatcher.hasMatch(text(input)) ? 'PROFANITY' : undefined;

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;

export const linkSpam: ModerationRule = (input) =>
  (text(input).match(LINK)?.length ?? 0) > MAX_LINKS ? 'LINK_SPAM' : undefined;

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
// Nine or more digits, optionally split by spaces, dots, dashes or brackets: a phone number.
const PHONE = /(?:\+?\d[\s.\-()]*){9,}/;

export const contactDetails: ModerationRule = (input) =>
  EMAIL.test(text(input)) || PHONE.test(text(input)) ? 'CONTACT_DETAILS' : undefined;

export function normaliseForComparison(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A short digest of a review's text as the duplicate rule compares it (case, spacing and
 * punctuation aside): what the author's history keeps instead of the text; empty for no text.
 */
export function textTag(details: string): string {
  const normalised = normaliseForComparison(details);
  return normalised.length === 0
    ? ''
    : createHash('sha256').update(normalised).digest('base64url').slice(0, 16);
}

export const duplicateText: ModerationRule = (input) => {
  const own = textTag(input.details);
  return own.length > 0 && input.authorTextTagsElsewhere.includes(own)
    ? 'DUPLICATE_TEXT'
    : undefined;
};

export const postingTooFast: ModerationRule = (input) =>
  input.authorReviewsLast10Minutes > MAX_REVIEWS_PER_10_MINUTES ? 'POSTING_TOO_FAST' : undefined;

const MIN_LETTERS_FOR_CAPS = 12;

export const allCaps: ModerationRule = (input) => {
  const letters = input.details.replace(/[^\p{L}]/gu, '');
  const hasCase = letters.toLowerCase() !== letters.toUpperCase();
  return letters.length >= MIN_LETTERS_FOR_CAPS && hasCase && letters === letters.toUpperCase()
    ? 'ALL_CAPS'
    : undefined;
};

// The same character six or more times in a row ("soooooo", "!!!!!!"); digits are exempt.
const REPEATED = /([^\d\s])\1{5,}/u;

export const repeatedCharacters: ModerationRule = (input) =>
  REPEATED.test(text(input)) ? 'REPEATED_CHARACTERS' : undefined;

export const MODERATION_RULES: readonly ModerationRule[] = [
  profanity,
  linkSpam,
  contactDetails,
  duplicateText,
  postingTooFast,
  allCaps,
  repeatedCharacters,
];

/** Every reason the review breaks a rule; empty when it may stay published. */
export function moderate(input: ModerationInput): ModerationReason[] {
  return MODERATION_RULES.map((rule) => rule(input)).filter(
    (reason): reason is ModerationReason => reason !== undefined,
  );
}

/** Each reason as the end of "Your review … was held because it …", for people to read. */
const REASON_PHRASES: Record<ModerationReason, string> = {
  PROFANITY: 'contains offensive language',
  LINK_SPAM: 'contains too many links',
  CONTACT_DETAILS: 'contains contact details',
  DUPLICATE_TEXT: 'repeats the text of another of your reviews',
  POSTING_TOO_FAST: 'came with too many other reviews in a short time',
  ALL_CAPS: 'is written in capital letters',
  REPEATED_CHARACTERS: 'repeats characters many times',
};

/** The reason a review is held when readers' weighted reports pass the threshold. */
export const REPORTS_REASON = 'reports';

/** The reason a new review is held while its service's burst alert is open (burst-rule.ts). */
export const BURST_REASON = 'BURST';

/** Every reason a review may be held for: what the admin lists filter by. */
export const HELD_REASONS = [...MODERATION_REASONS, REPORTS_REASON, BURST_REASON] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/** The reasons in words, joined as a sentence does: "a, b and c". */
export function reasonsInWords(reasons: readonly string[]): string {
  const phrases = reasons.map((reason) =>
    reason === REPORTS_REASON
      ? 'was reported by readers'
      : reason === BURST_REASON
        ? 'came during an unusual burst of reviews of this service, which a moderator checks'
        : (REASON_PHRASES[reason as ModerationReason] ?? 'breaks a rule of the site'),
  );
  if (phrases.length <= 1) return phrases[0] ?? 'breaks a rule of the site';
  return `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}
