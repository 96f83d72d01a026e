import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { DomainEvent } from './review-events';
import { OutboxEntry } from './outbox-entry.schema';

/** The `outbox` collection: events stored before they are put on the queue. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectModel(OutboxEntry.name) private readonly outbox: Model<OutboxEntry>) {}

  async insert(event: DomainEvent): Promise<void> {
    await this.outbox.create({
      _id: event.id,
      event,
      createdAt: new Date(event.at),
      pending: true,
    });
  }

  async deleteById(id: string): Promise<void> {
    await this.outbox.deleteOne({ _id: id }).exec();
  }

  /** The oldest events still waiting, at most `limit`. */
  async oldestPending(limit: number): Promise<DomainEvent[]> {
    const pending = await this.outbox
      .find({ pending: true }, { event: 1 })
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean()
      .exec();
    return pending.map((entry) => entry.event);
  }

  countPending(): Promise<number> {
    return this.outbox.countDocuments({ pending: true }).exec();
  }
}
