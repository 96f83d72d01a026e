import { allCaps, linkSpam, profanity, repeatedCharacters } from '../moderation/moderation-rules';

/** The review rules that fit a message to us (contact details are expected in one). */
const CONTACT_RULES = [profanity, linkSpam, allCaps, repeatedCharacters];

/** Why a contact message looks like spam; empty when it does not. */
export function contactSpamReasons(name: string, message: string): string[] {
  const input = {
    title: name,
    details: message,
    authorTextTagsElsewhere: [],
    authorReviewsLast10Minutes: 1,
  };
  return CONTACT_RULES.map((rule) => rule(input)).filter((reason) => reason !== undefined);
}
