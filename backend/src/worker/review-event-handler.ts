import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { ReviewScreening } from './review-screening';
import { ReportClosing } from '../reports/report-closing';
import { NotificationsService } from '../notifications/notifications.service';
import { notificationsForEvent } from '../notifications/notifications-for-event';
import type { DomainEvent } from '../events/review-events';
import { InsightsRecorder } from '../insights/insights-recorder';
import { ServicesService } from '../services/services.service';
import { TransparencyService } from '../transparency/transparency.service';

/**
 * What the worker does with one event. Each step is idempotent (a flag needs a published review,
 * audit entries and notifications are keyed by the event id, a month's figures keep the ids, site-wide and per service), so a retried job changes nothing
 * twice.
 */
@Injectable()
export class ReviewEventHandler {
  private readonly logger = new Logger(ReviewEventHandler.name);

  constructor(
    private readonly screening: ReviewScreening,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly services: ServicesService,
    private readonly transparency: TransparencyService,
    private readonly reports: ReportClosing,
    private readonly insights: InsightsRecorder,
  ) {}

  /**
   * Screening first, so that an event's audit entry means its review was screened; the other
   * steps do not depend on one another and run side by side. The event fails (and its job is
   * retried) once all of them have ended, if one failed.
   */
  async handle(event: DomainEvent): Promise<void> {
    const reasons = await this.screening.screen(event);
    if (reasons.length > 0)
      this.logger.log(`review ${event.reviewId} flagged: ${reasons.join(', ')}`);
    const outcomes = await Promise.allSettled([
      this.reports.close(event),
      this.audit.append(event),
      this.transparency.record(event),
      this.insights.record(event),
      this.notify(event),
    ]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async notify(event: DomainEvent): Promise<void> {
    const service = event.serviceId ? await this.services.identity(event.serviceId) : null;
    await this.notifications.deliver(
      notificationsForEvent(event, { service: service ?? undefined }),
    );
  }
}
