/** The owner's export of a service's reviews as CSV (RFC 4180), safe to open in a spreadsheet. */
import { CRITERIA } from '../ratings/ratings';
import type { StoredReview } from '../reviews/reviews.repository';

export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'rating',
  ...CRITERIA,
  'title',
  'details',
  'author',
  'verifiedCustomer',
  'experiencedAt',
  'reply',
  'replyAt',
] as const;

/** Starts a spreadsheet would read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a text a spreadsheet would run as a formula gets a leading quote; a cell with a
 * comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvHeader(): string {
  return csvLine([...CSV_COLUMNS]);
}

export function reviewCsvLine(review: StoredReview): string {
  return csvLine([
    String(review._id),
    new Date(review.createdAt),
    review.rating,
    ...CRITERIA.map((criterion) => review.criteria?.[criterion]),
    review.title,
    review.details,
    review.reviewUser,
    review.verifiedCustomer ? 'yes' : 'no',
    review.experiencedAt,
    review.reply?.text,
    review.reply?.createdAt ? new Date(review.reply.createdAt) : undefined,
  ]);
}
