import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ServicesModule } from '../services/services.module';
import { EventsModule } from '../events/events.module';
import { ReviewBook } from './review-book';
import { Review, ReviewSchema } from './review.schema';
import { ReviewsController } from './reviews.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Review.name, schema: ReviewSchema }]),
    ServicesModule,
    EventsModule,
  ],
  controllers: [ReviewsController],
  providers: [ReviewBook],
  exports: [ReviewBook],
})
export class ReviewsModule {}
