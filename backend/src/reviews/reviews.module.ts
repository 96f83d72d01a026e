import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module';
import { UsersModule } from '../users/users.module';
import { ReviewLists } from './review-lists';
import { ReviewsCoreModule } from './reviews-core.module';
import { ReviewsController } from './reviews.controller';
import { HelpfulVotesController } from './helpful-votes.controller';
import { PendingReviewRelay } from './store/pending-review-relay';
import { ReviewTimelinesRebuild } from './store/review-timelines-rebuild';
import { ServiceRecount } from './store/service-recount';

/** The reviews' routes and lists, and the store's upkeep, which API processes run. */
@Module({
  imports: [ReviewsCoreModule, ServicesModule, UsersModule],
  controllers: [ReviewsController, HelpfulVotesController],
  providers: [ReviewLists, ServiceRecount, ReviewTimelinesRebuild, PendingReviewRelay],
  exports: [ReviewsCoreModule, ReviewLists, ServiceRecount],
})
export class ReviewsModule {}
