import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EventsModule } from '../events/events.module';
import { ModerationModule } from '../moderation/moderation.module';
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
import { ServiceAlertsController } from './service-alerts.controller';
import { ServiceAlerts } from './service-alerts';
import { ServiceAlertsRepository } from './service-alerts.repository';
import { ServiceComparison } from './service-comparison';

@Module({
  imports: [MongooseModule.forFeature(SERVICE_MODELS), EventsModule, ModerationModule],
  controllers: [ServicesController, ServiceScreeningController, ServiceAlertsController],
  providers: [
    ServicesService,
    ServiceCounters,
    ServiceSubmissions,
    ServiceContacts,
    ServiceOwnership,
    ServicesRepository,
    SiteRatingTotals,
    ScoreRefresh,
    ServiceAlerts,
    ServiceAlertsRepository,
    ServiceComparison,
  ],
  exports: [
    ServicesService,
    ServiceCounters,
    SiteRatingTotals,
    ScoreRefresh,
    ServiceOwnership,
    ServiceAlerts,
  ],
})
export class ServicesModule {}
