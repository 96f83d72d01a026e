import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { packed, unpacked } from '../common/packed-json';
import type { DomainEvent } from '../review-events/review-events';
import { ReviewCreateBatch } from './review-create-batch.schema';

/** A batch as the relay reads it: its creation events unpacked. */
export type WaitingBatch = Omit<ReviewCreateBatch, 'events'> & { events: DomainEvent[] };

/** The `review_create_batches` collection: creation events not settled yet, per batch. */
@Injectable()
export class ReviewCreateBatchesRepository {
  constructor(
    @InjectModel(ReviewCreateBatch.name) private readonly batches: Model<ReviewCreateBatch>,
  ) {}

  /** Built whole here, so inserted as built: no mongoose document, casting or validation. */
  async insert(id: string, events: DomainEvent[]): Promise<void> {
    await this.batches.insertMany(
      [{ _id: id, events: packed(events), createdAt: new Date(), waiting: true }],
      { lean: true },
    );
  }

  async remove(id: string): Promise<void> {
    await this.batches.deleteOne({ _id: id }).exec();
  }

  /** Batches still waiting, oldest first, at most `limit`. */
  async waiting(limit: number): Promise<WaitingBatch[]> {
    const stored = await this.batches
      .find({ waiting: true })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<ReviewCreateBatch[]>()
      .exec();
    return stored.map((batch) => ({ ...batch, events: unpacked<DomainEvent[]>(batch.events) }));
  }
}
