/** class-transformer `@Transform` functions shared by the DTOs. */

/** Text is trimmed; anything else is left for the checks to refuse. */
export const trim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** "12" becomes 12 (the spec's forms send text); anything else is left for the checks to refuse. */
export const toWholeNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

/** Ids are hex: one spelling, lower case, wherever an id enters (so "ABC…" and "abc…" are one). */
export const toLowerCaseId = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
