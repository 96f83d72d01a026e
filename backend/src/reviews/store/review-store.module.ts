import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ReviewEventsModule } from '../../review-events/review-events.module';
import { ServicesModule } from '../../services/services.module';
import { Review, ReviewSchema } from '../review.schema';
import { ReviewsRepository } from '../reviews.repository';
import { PendingReviewRelay } from './pending-review-relay';
import { ReviewCreateBatch, ReviewCreateBatchSchema } from './review-create-batch.schema';
import { ReviewCreateBatchesRepository } from './review-create-batches.repository';
import { ReviewCreates } from './review-creates';
import { ReviewSettlement } from './review-settlement';
import { ReviewStore } from './review-store';
import { ReviewTimelines } from './review-timelines';
import { ReviewTimelinesRebuild } from './review-timelines-rebuild';
import { ServiceRecount } from './service-recount';
import { ServiceReviewLists } from './service-review-lists';

/**
 * The review storage engine, loaded once per process through ReviewsModule: its group commits,
 * relay and timelines watch hold state and timers. ReviewsModule's services see the reviews
 * collection (ReviewsRepository, for keyed reads) and ReviewStore, nothing else of it; the
 * admins' recount is ServiceRecount.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: ReviewCreateBatch.name, schema: ReviewCreateBatchSchema },
    ]),
    ServicesModule,
    ReviewEventsModule,
  ],
  providers: [
    ReviewsRepository,
    ReviewStore,
    ReviewCreates,
    ReviewCreateBatchesRepository,
    ReviewSettlement,
    ReviewTimelines,
    ServiceReviewLists,
    PendingReviewRelay,
    ReviewTimelinesRebuild,
    ServiceRecount,
  ],
  exports: [ReviewsRepository, ReviewStore, ServiceRecount],
})
export class ReviewStoreModule {}
