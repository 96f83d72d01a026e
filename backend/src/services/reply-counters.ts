/**
 * How a service's business answers its reviews, kept as counters on the service beside the
 * rating ones and moved by the same settled review changes (ServiceCounters.applyRatings): how
 * many of its published reviews carry a reply, and the summed time those replies took.
 */
export interface ReplyCounters {
  repliedCount?: number;
  /** Milliseconds from each counted review to its reply, summed. */
  replyDelaySum?: number;
}

/** A reply as the counters count it: how long after its review it came (ms), or undefined. */
export type CountedReply = number | undefined;

/** What a service answers of its replies. */
export interface ReplySummary {
  /** Published reviews with a reply. */
  replied: number;
  /** Their share of the published reviews, 0 to 1. */
  share: number;
  /** How long a reply took on average, in seconds; absent before the first reply. */
  averageDelaySeconds?: number;
}

/** The counters moved from a review's counted reply `before` a change to the one `after` it. */
export function withReplyChange(
  counters: ReplyCounters,
  before: CountedReply,
  after: CountedReply,
): Required<ReplyCounters> {
  return {
    repliedCount:
      (counters.repliedCount ?? 0) + (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1),
    replyDelaySum: (counters.replyDelaySum ?? 0) + (after ?? 0) - (before ?? 0),
  };
}

/** The summary of `counters`, against the service's count of published reviews. */
export function replySummary(counters: ReplyCounters, reviewCount: number): ReplySummary {
  const replied = Math.max(0, counters.repliedCount ?? 0);
  const summary = { replied, share: reviewCount > 0 ? Math.min(1, replied / reviewCount) : 0 };
  if (replied === 0) return summary;
  const averageMs = (counters.replyDelaySum ?? 0) / replied;
  return { ...summary, averageDelaySeconds: Math.max(0, Math.round(averageMs / 1000)) };
}
