import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReportsModule } from '../reports/reports.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { ServicesModule } from '../services/services.module';
import { TransparencyModule } from '../transparency/transparency.module';
import { AuthorActivity } from './author-activity';
import { ReviewEventHandler } from './review-event-handler';
import { ReviewEventsModule } from './review-events.module';
import { ReviewEventsProcessor } from './review-events.processor';
import { ReviewScreening } from './review-screening';

/**
 * The worker's half of the review-events pipeline: the processor consuming the queue, and what it
 * does with each event (moderation screening, audit, notifications). The API's half (outbox,
 * relay, queue) is ReviewEventsModule; this one is loaded by the worker process only.
 */
@Module({
  imports: [
    ReviewEventsModule,
    AuditModule,
    NotificationsModule,
    ReportsModule,
    ReviewsModule,
    ServicesModule,
    TransparencyModule,
  ],
  providers: [AuthorActivity, ReviewScreening, ReviewEventHandler, ReviewEventsProcessor],
})
export class ReviewEventsWorkerModule {}
