import { randomInt } from 'node:crypto';

/**
 * Letters that spell nothing the screening and moderation rules look for: no vowels, nor f, k,
 * l, n, p, s or y. A tag from the clock or a UUID did ("fag", "a55", "fck" in base 36: about one
 * service in 7 000 and one e2e text in 800 were held for an admin), and a number in a text
 * reads as a phone number. The backend's tests use it too.
 */
const TAG_LETTERS = 'bcdghjmqrtvwxz';

/**
 * A word no other test writes, for titles and texts that must be unique: random safe letters,
 * never one twice in a row (six in a row are "repeated characters").
 */
export function uniqueTag(length = 12): string {
  let tag = '';
  while (tag.length < length) {
    const letter = TAG_LETTERS[randomInt(TAG_LETTERS.length)]!;
    if (letter !== tag.at(-1)) tag += letter;
  }
  return tag;
}
