import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AppliedKeys } from '../common/applied-keys';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { insertedOnce } from '../common/duplicate-key';
import { withFigures, type Figures } from './insight-figures';
import { ServiceInsightMonth, insightMonthId } from './service-insight-month.schema';

type StoredMonth = ServiceInsightMonth & { rev?: number };

/** The latest event ids a month keeps, so a retried job is recognised. */
const APPLIED_EVENTS_KEPT = 256;

/** One event's change to a month, applied once per event id. */
export interface AppliedChange {
  id: string;
  figures: Figures;
}

/** `service_insight_months`: read by `_id` only. */
@Injectable()
export class InsightsRepository {
  /** Documents this process knows exist: they are not inserted again. */
  private readonly known = new Set<string>();

  constructor(
    @InjectModel(ServiceInsightMonth.name) private readonly months: Model<ServiceInsightMonth>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /** The month's figures; {} when nothing happened in it. */
  async figures(serviceId: string, month: string): Promise<Figures> {
    const stored = await this.months
      .findById(insightMonthId(serviceId, month), { figures: 1 })
      .lean<StoredMonth>()
      .exec();
    return stored?.figures ?? {};
  }

  /**
   * Adds each change not applied yet (by its event id) to the month, in one write that loses no
   * concurrent change (AtomicDocuments: a lock per document, then compare-and-set); answers
   * whether any was new.
   */
  async apply(serviceId: string, month: string, changes: AppliedChange[]): Promise<boolean> {
    const changed = await this.modify(serviceId, month, (current) => {
      const seen = AppliedKeys.from(current.appliedEvents);
      const fresh = changes.filter((change) => !seen.has(change.id));
      if (fresh.length === 0) return null;
      return {
        figures: fresh.reduce(
          (figures, change) => withFigures(figures, change.figures),
          current.figures ?? {},
        ),
        appliedEvents: seen.withAdded(
          fresh.map(({ id }) => id),
          APPLIED_EVENTS_KEPT,
        ),
      };
    });
    return changed;
  }

  /** Sets the month's figures (a rebuild), keeping the ids of the events already applied. */
  replace(serviceId: string, month: string, figures: Figures): Promise<boolean> {
    return this.modify(serviceId, month, () => ({ figures }));
  }

  private async modify(
    serviceId: string,
    month: string,
    decide: (current: StoredMonth) => Partial<ServiceInsightMonth> | null,
  ): Promise<boolean> {
    const id = insightMonthId(serviceId, month);
    if (!this.known.has(id)) {
      await insertedOnce(() => this.months.create({ _id: id, figures: {}, appliedEvents: '' }));
      this.known.add(id);
    }
    const changed = await this.atomic.modify<StoredMonth>(this.months, id, decide, {
      remember: true,
    });
    return changed !== null;
  }
}
