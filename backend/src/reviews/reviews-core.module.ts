import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EventsModule } from '../events/events.module';
import { InvitationsModule } from '../invitations/invitations.module';
import { ServicesModule } from '../services/services.module';
import { HelpfulVote, HelpfulVoteSchema } from './helpful-vote.schema';
import { HelpfulVotesRepository } from './helpful-votes.repository';
import { HelpfulVotesService } from './helpful-votes.service';
import { ReviewCreateBatch, ReviewCreateBatchSchema } from './review-create-batch.schema';
import { ReviewCreateBatchesRepository } from './review-create-batches.repository';
import { ReviewCreates } from './review-creates';
import { ReviewReads } from './review-reads';
import { ReviewSettlement } from './review-settlement';
import { ReviewTimelines } from './review-timelines';
import { ReviewViews } from './review-views';
import { ReviewWrites } from './review-writes';
import { Review, ReviewSchema } from './review.schema';
import { ReviewsRepository } from './reviews.repository';
import { ServiceReviewLists } from './service-review-lists';

/**
 * Reading and writing reviews, and the store under them, without HTTP or relays: what the worker
 * and the modules beside reviews use. ReviewsModule adds the controllers, lists and relay.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: ReviewCreateBatch.name, schema: ReviewCreateBatchSchema },
      { name: HelpfulVote.name, schema: HelpfulVoteSchema },
    ]),
    ServicesModule,
    EventsModule,
    InvitationsModule,
  ],
  providers: [
    ReviewViews,
    ReviewReads,
    ReviewWrites,
    ReviewsRepository,
    HelpfulVotesService,
    HelpfulVotesRepository,
    ReviewSettlement,
    ReviewCreates,
    ReviewCreateBatchesRepository,
    ReviewTimelines,
    ServiceReviewLists,
  ],
  exports: [
    ReviewViews,
    ReviewReads,
    ReviewWrites,
    ReviewsRepository,
    HelpfulVotesService,
    ReviewSettlement,
    ReviewCreates,
    ReviewTimelines,
    ServiceReviewLists,
  ],
})
export class ReviewsCoreModule {}
