import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../events/review-events';
import type { OpenReport, ReportsDecision } from '../reviews/review.schema';
import { reportId } from './report.schema';
import { ReportsRepository } from './reports.repository';

/**
 * The worker's half of an admin's decision on a review's reports: it closes exactly the reports
 * the decision took in (the event's `before.openReports`), so a report made meanwhile stays open,
 * and a crash after the decision leaves the job to be retried rather than the reports open.
 * Each reporter's record counts the outcome once: a report already closed is passed over.
 */
@Injectable()
export class ReportClosing {
  constructor(private readonly reports: ReportsRepository) {}

  async close(event: DomainEvent): Promise<void> {
    if (event.type !== 'review.reports_decided' || !event.reviewId) return;
    const outcome = event.after?.reportsDecision as ReportsDecision | undefined;
    const taken = (event.before?.openReports ?? []) as OpenReport[];
    if (!outcome) return;
    const at = new Date(event.at);
    for (const { reporterId } of taken) {
      if (await this.reports.decide(reportId(event.reviewId, reporterId), outcome, at)) {
        await this.reports.countDecision(reporterId, outcome);
      }
    }
  }
}
