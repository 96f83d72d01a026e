import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InvitationsModule } from '../invitations/invitations.module';
import { ServicesModule } from '../services/services.module';
import { HelpfulVote, HelpfulVoteSchema } from './helpful-vote.schema';
import { HelpfulVotesRepository } from './helpful-votes.repository';
import { HelpfulVotesService } from './helpful-votes.service';
import { ReviewReads } from './review-reads';
import { ReviewViews } from './review-views';
import { ReviewWrites } from './review-writes';
import { ReviewStoreModule } from './store/review-store.module';

/**
 * Reading and writing reviews, and the store under them, without HTTP or relays: what the worker
 * and the modules beside reviews use. ReviewsModule adds the controllers, lists and the store's
 * upkeep.
 */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: HelpfulVote.name, schema: HelpfulVoteSchema }]),
    ReviewStoreModule,
    ServicesModule,
    InvitationsModule,
  ],
  providers: [ReviewViews, ReviewReads, ReviewWrites, HelpfulVotesService, HelpfulVotesRepository],
  exports: [ReviewViews, ReviewReads, ReviewWrites, HelpfulVotesService, ReviewStoreModule],
})
export class ReviewsCoreModule {}
