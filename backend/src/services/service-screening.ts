import { createHash } from 'node:crypto';
import { moderate } from '../moderation/moderation-rules';

const NO_HISTORY = { authorTextTagsElsewhere: [], authorReviewsLast10Minutes: 0 };

/** A title needs this many letters: "X" or "..." is junk, not a service. */
const MIN_TITLE_LETTERS = 3;

/**
 * The rules a new service passes before it is listed: the review rules that apply to a text
 * (profanity, links, contact details, capitals, repeated characters) and junk titles. A
 * duplicate title is refused outright (409). Answers the reasons; none: list it at once.
 */
export function screenService(service: { title: string; details: string }): string[] {
  // A title may carry a number ("Harbour Bikes 2026"): only profanity is looked for in it.
  const inTitle = moderate({ ...NO_HISTORY, title: service.title, details: '' });
  const reasons: string[] = [
    ...inTitle.filter((reason) => reason === 'PROFANITY'),
    ...moderate({ ...NO_HISTORY, title: '', details: service.details }),
  ];
  const letters = service.title.replace(/[^\p{L}]/gu, '');
  if (letters.length < MIN_TITLE_LETTERS) reasons.push('JUNK_TITLE');
  return reasons;
}

/** A description's key: its words, lower-cased, in order, hashed (case, spacing and punctuation aside). */
export function descriptionKey(details: string): string {
  const words = details.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return createHash('sha256').update(words.join(' ')).digest('hex');
}

/** The reason a description another service already has holds a new one. */
export const DUPLICATE_DESCRIPTION = 'DUPLICATE_DESCRIPTION';
