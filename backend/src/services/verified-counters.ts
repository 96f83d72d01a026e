/**
 * How many of a service's published reviews come from verified customers (written through its
 * owner's invitation), kept as a counter on the service beside the reply ones and moved by the
 * same settled review changes (ServiceCounters.applyRatings).
 */
export interface VerifiedCounters {
  verifiedCount?: number;
}

/** What a service answers of its verified customers' reviews. */
export interface VerifiedSummary {
  /** Published reviews by verified customers. */
  verified: number;
  /** Their share of the published reviews, 0 to 1. */
  share: number;
}

/** The counter moved from a review counted as verified `before` a change to `after` it. */
export function withVerifiedChange(
  counters: VerifiedCounters,
  before: boolean | undefined,
  after: boolean | undefined,
): Required<VerifiedCounters> {
  return { verifiedCount: (counters.verifiedCount ?? 0) + (after ? 1 : 0) - (before ? 1 : 0) };
}

/** The summary of `counters`, against the service's count of published reviews. */
export function verifiedSummary(counters: VerifiedCounters, reviewCount: number): VerifiedSummary {
  const verified = Math.max(0, counters.verifiedCount ?? 0);
  return { verified, share: reviewCount > 0 ? Math.min(1, verified / reviewCount) : 0 };
}
