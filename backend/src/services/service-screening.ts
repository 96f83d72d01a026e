import { moderate } from '../review-events/moderation-rules';

const NO_HISTORY = { authorTextsElsewhere: [], authorReviewsLast10Minutes: 0 };

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
