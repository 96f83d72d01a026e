import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReviewsCoreModule } from '../reviews/reviews-core.module';
import { ServicesModule } from '../services/services.module';
import { ReviewFeed } from './review-feed';
import { ReviewFeedController } from './review-feed.controller';
import { ReviewFeedPage, ReviewFeedPageSchema } from './review-feed-page.schema';
import { ReviewFeedRepository } from './review-feed.repository';

/** The changes of each service's public reviews: written by the worker, read by integrators. */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: ReviewFeedPage.name, schema: ReviewFeedPageSchema }]),
    ReviewsCoreModule,
    ServicesModule,
  ],
  controllers: [ReviewFeedController],
  providers: [ReviewFeed, ReviewFeedRepository],
  exports: [ReviewFeed],
})
export class ReviewFeedModule {}
