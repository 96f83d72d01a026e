import type { ReportBursts } from '../../../src/reports/report-bursts';

/** The burst check, answering as told (null: the report counts), and keeping what it counted. */
export class AnsweringReportBursts implements Pick<ReportBursts, 'count'> {
  readonly counted: { serviceId: string; authorId: string }[] = [];

  constructor(private readonly heldBecause: string | null = null) {}

  async count(serviceId: string, authorId: string) {
    this.counted.push({ serviceId, authorId });
    return this.heldBecause;
  }
}
