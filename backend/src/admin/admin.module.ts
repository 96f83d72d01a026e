import { jwtKey } from '../auth/access-tokens';
import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { AuditModule } from '../audit/audit.module';
import { MAINTENANCE_QUEUE } from '../events/review-events';
import { ReviewsModule } from '../reviews/reviews.module';
import { ServicesModule } from '../services/services.module';
import { UsersModule } from '../users/users.module';
import { AuditNames } from './audit-names';
import { AdminController } from './admin.controller';
import { BoardSessions } from './board-sessions';
import { ReviewDecisions } from './review-decisions.service';

/** Moderation queue, decisions, audit trail and the queue dashboard: admins only. */
@Module({
  imports: [
    ReviewsModule,
    AuditModule,
    ServicesModule,
    UsersModule,
    BullModule.registerQueue({ name: MAINTENANCE_QUEUE }),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: jwtKey(config.auth.jwtSecret),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AdminController],
  providers: [BoardSessions, AuditNames, ReviewDecisions],
})
export class AdminModule {}
