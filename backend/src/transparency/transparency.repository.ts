import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AppliedKeys } from '../common/applied-keys';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { insertedOnce } from '../common/duplicate-key';
import type { MonthFigures } from './monthly-tally';
import { TransparencyMonth } from './transparency-month.schema';

type StoredMonth = TransparencyMonth & { rev?: number };

/** The latest event ids a month keeps, so a retried job is recognised. */
const APPLIED_EVENTS_KEPT = 512;

/** One event's change to its month's figures, applied once per event id. */
export interface MonthChange {
  id: string;
  change: (figures: Partial<MonthFigures>) => Partial<MonthFigures>;
}

/** `transparency_months`: a small collection, one document a month. */
@Injectable()
export class TransparencyRepository {
  /** Months this process knows exist: their document is not inserted again. */
  private readonly knownMonths = new Set<string>();

  constructor(
    @InjectModel(TransparencyMonth.name) private readonly months: Model<TransparencyMonth>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /** The latest months, newest first. */
  latest(limit: number): Promise<StoredMonth[]> {
    return this.months.find({}).sort({ _id: -1 }).limit(limit).lean<StoredMonth[]>().exec();
  }

  /**
   * Changes the month's figures by each event not applied yet (by its id), in one write that
   * loses no concurrent change; answers whether any was new.
   */
  async apply(month: string, changes: MonthChange[]): Promise<boolean> {
    if (!this.knownMonths.has(month)) {
      await insertedOnce(() => this.months.create({ _id: month, figures: {}, appliedEvents: '' }));
      this.knownMonths.add(month);
    }
    const changed = await this.atomic.modify<StoredMonth>(
      this.months,
      month,
      (current) => {
        const seen = AppliedKeys.from(current.appliedEvents);
        const fresh = changes.filter((change) => !seen.has(change.id));
        if (fresh.length === 0) return null;
        return {
          figures: fresh.reduce((figures, { change }) => change(figures), current.figures ?? {}),
          appliedEvents: seen.withAdded(
            fresh.map(({ id }) => id),
            APPLIED_EVENTS_KEPT,
          ),
        };
      },
      { remember: true },
    );
    return changed !== null;
  }
}
