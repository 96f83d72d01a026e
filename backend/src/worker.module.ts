import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { AppConfig } from './config/app-config';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { EmailVerificationModule } from './accounts/email-verification.module';
import { EventsModule } from './events/events.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ReviewsModule } from './reviews/reviews.module';
import { ServicesModule } from './services/services.module';
import { ReviewScreening } from './moderation/review-screening';
import { MAINTENANCE_QUEUE } from './queue/review-events';
import { ReviewEventHandler } from './worker/review-event-handler';
import { ReviewEventsProcessor } from './worker/review-events.processor';
import { MaintenanceProcessor } from './worker/maintenance.processor';

/** The worker process: same MongoDB and Redis as the API, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        InfrastructureModule.forRoot(config),
        AuditModule,
        AuthModule,
        EmailVerificationModule,
        EventsModule,
        NotificationsModule,
        ReviewsModule,
        ServicesModule,
        BullModule.registerQueue({ name: MAINTENANCE_QUEUE }),
      ],
      providers: [ReviewScreening, ReviewEventHandler, ReviewEventsProcessor, MaintenanceProcessor],
    };
  }
}
