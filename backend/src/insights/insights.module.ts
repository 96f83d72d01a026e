import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditModule } from '../audit/audit.module';
import { ReviewsCoreModule } from '../reviews/reviews-core.module';
import { ServicesModule } from '../services/services.module';
import { UsersModule } from '../users/users.module';
import { InsightsController } from './insights.controller';
import { InsightsRebuild } from './insights-rebuild';
import { InsightsRecorder } from './insights-recorder';
import { InsightsRepository } from './insights.repository';
import { InsightsService } from './insights.service';
import { ServiceInsightMonth, ServiceInsightMonthSchema } from './service-insight-month.schema';

/**
 * Services' figures month by month: the worker keeps them (InsightsRecorder), the API reads them
 * for owners and as the public trend, and the command line rebuilds them from the reviews.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ServiceInsightMonth.name, schema: ServiceInsightMonthSchema },
    ]),
    AuditModule,
    ReviewsCoreModule,
    ServicesModule,
    UsersModule,
  ],
  controllers: [InsightsController],
  providers: [InsightsRepository, InsightsRecorder, InsightsService, InsightsRebuild],
  exports: [InsightsRecorder, InsightsRebuild],
})
export class InsightsModule {}
