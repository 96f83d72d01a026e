import type { BulkModerationOutcomeDto } from '../../../lib/api/client';

const reviews = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** A bulk decision's outcome in one sentence: how many were done, and why the others were not. */
export function bulkOutcomeMessage(
  outcomes: BulkModerationOutcomeDto[],
  done: 'approved' | 'rejected',
): string {
  const failed = outcomes.filter((outcome) => !outcome.success);
  const succeeded = `${reviews(outcomes.length - failed.length)} ${done}`;
  if (failed.length === 0) return `${succeeded}.`;
  const reasons = [...new Set(failed.map((outcome) => outcome.error ?? 'Not done.'))].join(' ');
  return `${succeeded}; ${reviews(failed.length)} not: ${reasons}`;
}
