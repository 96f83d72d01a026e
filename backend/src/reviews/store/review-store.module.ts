import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EventsModule } from '../../events/events.module';
import { ServicesModule } from '../../services/services.module';
import { Review, ReviewSchema } from '../review.schema';
import { ReviewsRepository } from '../reviews.repository';
import { ReviewCreateBatch, ReviewCreateBatchSchema } from './review-create-batch.schema';
import { ReviewCreateBatchesRepository } from './review-create-batches.repository';
import { ReviewCreates } from './review-creates';
import { ReviewSettlement } from './review-settlement';
import { ReviewStore } from './review-store';
import { ReviewTimelines } from './review-timelines';
import { ServiceReviewLists } from './service-review-lists';
import { CreateBatchFigures } from './create-batch-figures';

/**
 * The review storage engine, loaded once per process through ReviewsCoreModule: its group
 * commits hold state and timers. The use-case services see the reviews collection
 * (ReviewsRepository, for keyed reads) and ReviewStore. ReviewCreates, ReviewSettlement and
 * ReviewTimelines are exported for the engine's upkeep only (the pending-review relay, the
 * timelines rebuild and the service recount), which API processes run (ReviewsModule) and the
 * worker does not.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: ReviewCreateBatch.name, schema: ReviewCreateBatchSchema },
    ]),
    ServicesModule,
    EventsModule,
  ],
  providers: [
    ReviewsRepository,
    ReviewStore,
    ReviewCreates,
    ReviewCreateBatchesRepository,
    ReviewSettlement,
    ReviewTimelines,
    ServiceReviewLists,
    CreateBatchFigures,
  ],
  exports: [ReviewsRepository, ReviewStore, ReviewCreates, ReviewSettlement, ReviewTimelines],
})
export class ReviewStoreModule {}
