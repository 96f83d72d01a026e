import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { HelpfulVote } from './helpful-vote.schema';

/** `review_helpful_votes`, read and written by `_id` only. */
@Injectable()
export class HelpfulVotesRepository {
  constructor(
    @InjectModel(HelpfulVote.name) private readonly votes: Model<HelpfulVote>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /** Throws the store's duplicate-key error when this reader already voted for this review. */
  async insert(vote: HelpfulVote): Promise<void> {
    await this.votes.create(vote);
  }

  async exists(id: string): Promise<boolean> {
    return (await this.votes.findById(id, { _id: 1 }).lean().exec()) !== null;
  }

  /** Removes the vote; answers it, or null when there was none. */
  remove(id: string): Promise<HelpfulVote | null> {
    return this.atomic.remove<HelpfulVote>(this.votes, id);
  }
}
