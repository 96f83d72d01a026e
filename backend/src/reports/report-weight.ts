/** What a reporter's standing is made of. */
export interface ReporterStanding {
  accountCreatedAt: Date;
  emailVerified: boolean;
  /** Their earlier reports that admins upheld, and dismissed. */
  upheld: number;
  dismissed: number;
}

/**
 * The numbers of the reporting rule, in one place. Like Discourse's trust levels: a report from
 * an account that has not proved its address, or is under `countsFromDays` old, weighs nothing:
 * it puts the review in the admin's report queue but never hides it, so a handful of accounts
 * made a minute earlier cannot take a review down.
 */
export const REPORT_RULE = {
  /** Younger accounts' reports only queue the review. */
  countsFromDays: 1,
  /** Weight of a verified account's report, under `establishedFromDays` old and after. */
  weightYoung: 1,
  weightEstablished: 1.5,
  establishedFromDays: 30,
  /** The record scales the weight by (1 + upheld) / (1 + 2 × dismissed), within these bounds. */
  recordMin: 0.25,
  recordMax: 2,
  /** Reports from accounts younger than this count towards mass-report bursts. */
  lowStandingUnderDays: 7,
} as const;

const DAY_MS = 86_400_000;

function ageDays(standing: ReporterStanding, now: Date): number {
  return (now.getTime() - standing.accountCreatedAt.getTime()) / DAY_MS;
}

/**
 * Whether the reporter's report may count towards hiding the review: a verified address and an
 * account at least `countsFromDays` old.
 */
export function countsTowardsFlag(standing: ReporterStanding, now: Date): boolean {
  return standing.emailVerified && ageDays(standing, now) >= REPORT_RULE.countsFromDays;
}

/**
 * How much one report counts: nothing unless `countsTowardsFlag`; then by age, scaled by the
 * reporter's record (upheld against dismissed reports). Rounded to hundredths so sums stay exact.
 */
export function reportWeight(standing: ReporterStanding, now: Date): number {
  if (!countsTowardsFlag(standing, now)) return 0;
  const rule = REPORT_RULE;
  const base =
    ageDays(standing, now) < rule.establishedFromDays ? rule.weightYoung : rule.weightEstablished;
  const record = (1 + standing.upheld) / (1 + 2 * standing.dismissed);
  const scaled = base * Math.min(rule.recordMax, Math.max(rule.recordMin, record));
  return Math.round(scaled * 100) / 100;
}

/** New or with more reports dismissed than upheld: whose reports bursts count. */
export function isLowStanding(standing: ReporterStanding, now: Date): boolean {
  return (
    ageDays(standing, now) < REPORT_RULE.lowStandingUnderDays ||
    standing.dismissed > standing.upheld
  );
}

/** Adds weights without float drift (they are kept in hundredths). */
export function addWeights(a: number, b: number): number {
  return Math.round((a + b) * 100) / 100;
}
