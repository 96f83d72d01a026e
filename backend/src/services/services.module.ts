import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReviewEventsModule } from '../review-events/review-events.module';
import { ServiceCatalog } from './service-catalog';
import { ServiceListing, ServiceListingSchema } from './service-listing.schema';
import { ServicesController } from './services.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: ServiceListing.name, schema: ServiceListingSchema }]),
    ReviewEventsModule,
  ],
  controllers: [ServicesController],
  providers: [ServiceCatalog],
  exports: [ServiceCatalog],
})
export class ServicesModule {}
