import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ServicesModule } from '../services/services.module';
import { ReviewEventsModule } from '../review-events/review-events.module';
import { UsersModule } from '../users/users.module';
import { PendingReviewRelay } from './pending-review-relay';
import { ReviewsService } from './reviews.service';
import { ReviewsRepository } from './reviews.repository';
import { ReviewSettlement } from './review-settlement';
import { ReviewTimelines } from './review-timelines';
import { ReviewTimelinesRebuild } from './review-timelines-rebuild';
import { Review, ReviewSchema } from './review.schema';
import { ReviewsController } from './reviews.controller';
import { HelpfulVote, HelpfulVoteSchema } from './helpful-vote.schema';
import { HelpfulVotesController } from './helpful-votes.controller';
import { HelpfulVotesRepository } from './helpful-votes.repository';
import { HelpfulVotesService } from './helpful-votes.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Review.name, schema: ReviewSchema },
      { name: HelpfulVote.name, schema: HelpfulVoteSchema },
    ]),
    ServicesModule,
    ReviewEventsModule,
    UsersModule,
  ],
  controllers: [ReviewsController, HelpfulVotesController],
  providers: [
    ReviewsService,
    ReviewsRepository,
    HelpfulVotesService,
    HelpfulVotesRepository,
    ReviewSettlement,
    ReviewTimelines,
    ReviewTimelinesRebuild,
    PendingReviewRelay,
  ],
  exports: [ReviewsService, ReviewTimelines],
})
export class ReviewsModule {}
