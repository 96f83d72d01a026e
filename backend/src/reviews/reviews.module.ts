import { Module } from '@nestjs/common';
import { ServicesModule } from '../services/services.module';
import { UsersModule } from '../users/users.module';
import { PendingReviewRelay } from './pending-review-relay';
import { ReviewLists } from './review-lists';
import { ReviewTimelinesRebuild } from './review-timelines-rebuild';
import { ReviewsCoreModule } from './reviews-core.module';
import { ServiceRecount } from './service-recount';
import { ReviewsController } from './reviews.controller';
import { HelpfulVotesController } from './helpful-votes.controller';

@Module({
  imports: [ReviewsCoreModule, ServicesModule, UsersModule],
  controllers: [ReviewsController, HelpfulVotesController],
  providers: [ReviewLists, ServiceRecount, ReviewTimelinesRebuild, PendingReviewRelay],
  exports: [ReviewsCoreModule, ReviewLists, ServiceRecount],
})
export class ReviewsModule {}
