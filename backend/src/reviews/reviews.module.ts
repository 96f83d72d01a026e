import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ServicesModule } from '../services/services.module';
import { ReviewEventsModule } from '../review-events/review-events.module';
import { UsersModule } from '../users/users.module';
import { InvitationsModule } from '../invitations/invitations.module';
import { PendingReviewRelay } from './store/pending-review-relay';
import { ReviewLists } from './review-lists';
import { ReviewReads } from './review-reads';
import { ReviewViews } from './review-views';
import { ReviewWrites } from './review-writes';
import { ReviewsRepository } from './reviews.repository';
import { ReviewSettlement } from './store/review-settlement';
import { ReviewTimelines } from './store/review-timelines';
import { ReviewTimelinesRebuild } from './store/review-timelines-rebuild';
import { ServiceReviewLists } from './store/service-review-lists';
import { Review, ReviewSchema } from './review.schema';
import { ReviewCreateBatch, ReviewCreateBatchSchema } from './store/review-create-batch.schema';
import { ReviewCreateBatchesRepository } from './store/review-create-batches.repository';
import { ReviewCreates } from './store/review-creates';
import { ServiceRecount } from './store/service-recount';
import { ReviewsController } from './reviews.controller';
import { HelpfulVote, HelpfulVoteSchema } from './helpful-vote.schema';
import { HelpfulVotesController } from './helpful-votes.controller';
import { HelpfulVotesRepository } from './helpful-votes.repository';
import { HelpfulVotesService } from './helpful-votes.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: ReviewCreateBatch.name, schema: ReviewCreateBatchSchema },
      { name: HelpfulVote.name, schema: HelpfulVoteSchema },
    ]),
    ServicesModule,
    ReviewEventsModule,
    UsersModule,
    InvitationsModule,
  ],
  controllers: [ReviewsController, HelpfulVotesController],
  providers: [
    ReviewViews,
    ReviewLists,
    ReviewReads,
    ReviewWrites,
    ReviewsRepository,
    HelpfulVotesService,
    HelpfulVotesRepository,
    ReviewSettlement,
    ReviewCreates,
    ServiceRecount,
    ReviewCreateBatchesRepository,
    ReviewTimelines,
    ReviewTimelinesRebuild,
    ServiceReviewLists,
    PendingReviewRelay,
  ],
  exports: [ReviewViews, ReviewLists, ReviewReads, ReviewWrites, ReviewTimelines, ServiceRecount],
})
export class ReviewsModule {}
