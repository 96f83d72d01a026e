import { Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { AppConfig } from './config/app-config';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import { AuthModule } from './auth/auth.module';
import { ReviewEventsWorkerModule } from './worker/review-events-worker.module';
import { MAINTENANCE_QUEUE } from './events/review-events';
import { EmailVerificationModule } from './auth/email-verification.module';
import { MaintenanceProcessor } from './worker/maintenance.processor';
import { ServicesModule } from './services/services.module';
import { InvitationsModule } from './invitations/invitations.module';
import { HealthChecksModule } from './health/health-checks.module';
import { WorkerHealthServer } from './health/worker-health-server';

/** The worker process: same MongoDB and Redis as the API; HTTP only for its health. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        InfrastructureModule.forRoot(config, 'worker'),
        AuthModule,
        ReviewEventsWorkerModule,
        EmailVerificationModule,
        ServicesModule,
        InvitationsModule,
        HealthChecksModule,
        BullModule.registerQueue({ name: MAINTENANCE_QUEUE }),
      ],
      providers: [MaintenanceProcessor, WorkerHealthServer],
    };
  }
}
