import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReviewsCoreModule } from '../reviews/reviews-core.module';
import { UsersModule } from '../users/users.module';
import { ReportBursts } from './report-bursts';
import { ReportClosing } from './report-closing';
import {
  ReporterRecord,
  ReporterRecordSchema,
  ReviewReport,
  ReviewReportSchema,
} from './report.schema';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ReviewReport.name, schema: ReviewReportSchema },
      { name: ReporterRecord.name, schema: ReporterRecordSchema },
    ]),
    ReviewsCoreModule,
    UsersModule,
  ],
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository, ReportBursts, ReportClosing],
  exports: [ReportClosing, ReportsRepository],
})
export class ReportsModule {}
