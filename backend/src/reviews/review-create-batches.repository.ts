import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { DomainEvent } from '../review-events/review-events';
import { ReviewCreateBatch } from './review-create-batch.schema';

/** The `review_create_batches` collection: creation events not settled yet, per batch. */
@Injectable()
export class ReviewCreateBatchesRepository {
  constructor(
    @InjectModel(ReviewCreateBatch.name) private readonly batches: Model<ReviewCreateBatch>,
  ) {}

  /** Built whole here, so inserted as built: no mongoose document, casting or validation. */
  async insert(id: string, events: DomainEvent[]): Promise<void> {
    await this.batches.insertMany([{ _id: id, events, createdAt: new Date(), waiting: true }], {
      lean: true,
    });
  }

  async remove(id: string): Promise<void> {
    await this.batches.deleteOne({ _id: id }).exec();
  }

  /** Batches still waiting, oldest first, at most `limit`. */
  waiting(limit: number): Promise<ReviewCreateBatch[]> {
    return this.batches
      .find({ waiting: true })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<ReviewCreateBatch[]>()
      .exec();
  }
}
