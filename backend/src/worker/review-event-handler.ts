import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { ReviewScreening } from './review-screening';
import { ReportClosing } from '../reports/report-closing';
import { NotificationsService } from '../notifications/notifications.service';
import { ADMIN_EVENTS, notificationsForEvent } from '../notifications/notifications-for-event';
import { AdminRecipients } from '../notifications/admin-recipients';
import type { DomainEvent } from '../events/review-events';
import { ReviewFeed } from '../review-feed/review-feed';
import { InsightsRecorder } from '../insights/insights-recorder';
import { ServicesService } from '../services/services.service';
import { TransparencyService } from '../transparency/transparency.service';
import { WebhookJobs } from '../webhooks/webhook-jobs';
import { WebhookOwnerChange } from '../webhooks/webhook-owner-change';

/**
 * What the worker does with one event. Each step is idempotent (a flag needs a published review,
 * audit entries, notifications and webhook deliveries are keyed by the event id, a month's
 * figures (site-wide and per service) and the review feed keep the ids), so a retried job
 * changes nothing twice.
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
    private readonly webhooks: WebhookJobs,
    private readonly webhookOwners: WebhookOwnerChange,
    private readonly feed: ReviewFeed,
    private readonly admins: AdminRecipients,
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
      this.webhooks.queueEvent(event),
      this.webhookOwners.apply(event),
      this.feed.record(event),
    ]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async notify(event: DomainEvent): Promise<void> {
    const service = event.serviceId ? await this.services.identity(event.serviceId) : null;
    const adminIds = ADMIN_EVENTS.includes(event.type) ? await this.admins.ids() : undefined;
    await this.notifications.deliver(
      notificationsForEvent(event, { service: service ?? undefined, adminIds }),
    );
  }
}
