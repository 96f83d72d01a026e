/** Tries of one delivery: with a 30 s first delay, the last comes about 24 h after the first. */
export const WEBHOOK_ATTEMPTS = 15;

/** A delay never exceeds this many times the first (4 h at 30 s). */
const LONGEST_DELAY_FACTOR = 480;

/** The wait before try `attemptsMade + 1`: the first delay, doubling, capped. */
export function webhookRetryDelay(attemptsMade: number, baseMs: number): number {
  const doublings = Math.max(0, attemptsMade - 1);
  return Math.min(baseMs * 2 ** Math.min(doublings, 30), baseMs * LONGEST_DELAY_FACTOR);
}

/** How long after the first try the last one comes, at most. */
export function webhookRetrySpanMs(baseMs: number): number {
  let total = 0;
  for (let made = 1; made < WEBHOOK_ATTEMPTS; made += 1) total += webhookRetryDelay(made, baseMs);
  return total;
}
