import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EventsModule } from '../events/events.module';
import { ServicesService } from './services.service';
import { ServiceCounters } from './service-counters';
import { ServiceSubmissions } from './service-submissions';
import { ServiceContacts } from './service-contact';
import { ServiceOwnership } from './service-ownership';
import { ServicesRepository } from './services.repository';
import { ScoreRefresh } from './score-refresh';
import { SiteRatingTotals } from './site-rating-totals';
import { SERVICE_MODELS } from './service-listing.schema';
import { ServicesController } from './services.controller';
import { ServiceScreeningController } from './service-screening.controller';
import { ServiceComparison } from './service-comparison';

@Module({
  imports: [MongooseModule.forFeature(SERVICE_MODELS), EventsModule],
  controllers: [ServicesController, ServiceScreeningController],
  providers: [
    ServicesService,
    ServiceCounters,
    ServiceSubmissions,
    ServiceContacts,
    ServiceOwnership,
    ServicesRepository,
    SiteRatingTotals,
    ScoreRefresh,
    ServiceComparison,
  ],
  exports: [ServicesService, ServiceCounters, SiteRatingTotals, ScoreRefresh, ServiceOwnership],
})
export class ServicesModule {}
