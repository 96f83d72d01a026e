import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { insertedOnce } from '../common/duplicate-key';
import type { MonthFigures } from './monthly-tally';
import { TransparencyMonth } from './transparency-month.schema';

type StoredMonth = TransparencyMonth & { rev?: number };

/** The latest event ids a month keeps, so a retried job is recognised. */
const APPLIED_EVENTS_KEPT = 512;

/** `transparency_months`: a small collection, one document a month. */
@Injectable()
export class TransparencyRepository {
  constructor(
    @InjectModel(TransparencyMonth.name) private readonly months: Model<TransparencyMonth>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /** The latest months, newest first. */
  latest(limit: number): Promise<StoredMonth[]> {
    return this.months.find({}).sort({ _id: -1 }).limit(limit).lean<StoredMonth[]>().exec();
  }

  /** Changes the month's figures once per event id, losing no concurrent change. */
  async apply(
    month: string,
    eventId: string,
    change: (figures: Partial<MonthFigures>) => Partial<MonthFigures>,
  ): Promise<boolean> {
    await insertedOnce(() => this.months.create({ _id: month, figures: {}, appliedEvents: [] }));
    const changed = await this.atomic.modify<StoredMonth>(this.months, month, (current) => {
      const seen = current.appliedEvents ?? [];
      if (seen.includes(eventId)) return null;
      return {
        figures: change(current.figures ?? {}),
        appliedEvents: [...seen, eventId].slice(-APPLIED_EVENTS_KEPT),
      };
    });
    return changed !== null;
  }
}
