/** What a reporter's standing is made of. */
export interface ReporterStanding {
  accountCreatedAt: Date;
  emailVerified: boolean;
  /** Their earlier reports that admins upheld, and dismissed. */
  upheld: number;
  dismissed: number;
}

const DAY_MS = 86_400_000;

/**
 * How much one report counts: an account a day old counts half, one older than a month one and a
 * half; a verified e-mail adds a half; then the reporter's record scales it, (1 + upheld) /
 * (1 + 2 × dismissed), between a quarter and double. Rounded to hundredths so sums stay exact.
 */
export function reportWeight(standing: ReporterStanding, now: Date): number {
  const ageDays = (now.getTime() - standing.accountCreatedAt.getTime()) / DAY_MS;
  const age = ageDays < 1 ? 0.5 : ageDays < 30 ? 1 : 1.5;
  const base = age + (standing.emailVerified ? 0.5 : 0);
  const record = (1 + standing.upheld) / (1 + 2 * standing.dismissed);
  const scaled = base * Math.min(2, Math.max(0.25, record));
  return Math.round(scaled * 100) / 100;
}

/** New (under a week) or with more reports dismissed than upheld: whose reports bursts count. */
export function isLowStanding(standing: ReporterStanding, now: Date): boolean {
  const ageDays = (now.getTime() - standing.accountCreatedAt.getTime()) / DAY_MS;
  return ageDays < 7 || standing.dismissed > standing.upheld;
}

/** Adds weights without float drift (they are kept in hundredths). */
export function addWeights(a: number, b: number): number {
  return Math.round((a + b) * 100) / 100;
}
