import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ServicesModule } from '../services/services.module';
import { UsersModule } from '../users/users.module';
import { InvitationsModule } from '../invitations/invitations.module';
import { ReviewStoreModule } from './store/review-store.module';
import { ReviewLists } from './review-lists';
import { ReviewReads } from './review-reads';
import { ReviewViews } from './review-views';
import { ReviewWrites } from './review-writes';
import { ReviewsController } from './reviews.controller';
import { HelpfulVote, HelpfulVoteSchema } from './helpful-vote.schema';
import { HelpfulVotesController } from './helpful-votes.controller';
import { HelpfulVotesRepository } from './helpful-votes.repository';
import { HelpfulVotesService } from './helpful-votes.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: HelpfulVote.name, schema: HelpfulVoteSchema }]),
    ReviewStoreModule,
    ServicesModule,
    UsersModule,
    InvitationsModule,
  ],
  controllers: [ReviewsController, HelpfulVotesController],
  providers: [
    ReviewViews,
    ReviewLists,
    ReviewReads,
    ReviewWrites,
    HelpfulVotesService,
    HelpfulVotesRepository,
  ],
  // The store's module for its ServiceRecount (the admins' recount of a service).
  exports: [ReviewViews, ReviewLists, ReviewReads, ReviewWrites, ReviewStoreModule],
})
export class ReviewsModule {}
