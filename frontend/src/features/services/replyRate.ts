import type { ReplySummaryDto } from '../../lib/api/client';

const HOUR = 3600;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** "an hour", "3 hours": a count of a unit, rounded up. */
function inUnits(seconds: number, size: number, one: string, many: string): string {
  const count = Math.max(1, Math.ceil(seconds / size));
  return count === 1 ? one : `${count} ${many}`;
}

/** A time to reply, rounded up to the unit people say: "an hour", "3 hours", "2 days", "a week". */
export function replyTimeInWords(seconds: number): string {
  if (seconds <= 23 * HOUR) return inUnits(seconds, HOUR, 'an hour', 'hours');
  if (seconds <= 6 * DAY) return inUnits(seconds, DAY, 'a day', 'days');
  return inUnits(seconds, WEEK, 'a week', 'weeks');
}

/**
 * "Replied to 50% of reviews, usually within 2 days", or that the business has not replied yet;
 * nothing while the service has no reviews.
 */
export function replyRateText(replies: ReplySummaryDto, reviewCount: number): string | null {
  if (reviewCount === 0) return null;
  if (replies.replied === 0 || replies.averageDelaySeconds === undefined) {
    return 'Has not replied to reviews yet';
  }
  const percent = Math.round(replies.share * 100);
  return `Replied to ${percent}% of reviews, usually within ${replyTimeInWords(replies.averageDelaySeconds)}`;
}
