/** Product limits: the card title is cut to 11 characters, the card description to 100. */
export const CARD_TITLE_LENGTH = 11;
export const CARD_DETAILS_LENGTH = 100;
/** Product limit: the length of the service page's collapsed description. */
export const DETAILS_PREVIEW_LENGTH = 150;

/** The first `length` characters of `text` followed by '...', or `text` itself when it fits. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
