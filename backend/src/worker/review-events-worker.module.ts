import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { EventsModule } from '../events/events.module';
import { InsightsModule } from '../insights/insights.module';
import { ModerationModule } from '../moderation/moderation.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReportsModule } from '../reports/reports.module';
import { ReviewFeedModule } from '../review-feed/review-feed.module';
import { ReviewsCoreModule } from '../reviews/reviews-core.module';
import { ServicesModule } from '../services/services.module';
import { TransparencyModule } from '../transparency/transparency.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AuthorActivity } from './author-activity';
import { ReviewEventHandler } from './review-event-handler';
import { ReviewEventsProcessor } from './review-events.processor';
import { ReviewScreening } from './review-screening';
import { WebhookDeliveriesProcessor } from './webhook-deliveries.processor';

/**
 * The worker's half of the event path: the processor consuming the `review-events` queue, and
 * what it does with each event (moderation screening, audit, notifications, webhooks), and the
 * processor of the `webhooks` queue. The publishing half
 * (outbox, relay, queue) is EventsModule. Reviews come without their controllers and relay
 * (ReviewsCoreModule): the worker only flags reviews and reads authors' latest ones.
 */
@Module({
  imports: [
    EventsModule,
    InsightsModule,
    ModerationModule,
    AuditModule,
    NotificationsModule,
    ReportsModule,
    ReviewFeedModule,
    ReviewsCoreModule,
    ServicesModule,
    TransparencyModule,
    WebhooksModule,
  ],
  providers: [
    AuthorActivity,
    ReviewScreening,
    ReviewEventHandler,
    ReviewEventsProcessor,
    WebhookDeliveriesProcessor,
  ],
})
export class ReviewEventsWorkerModule {}
