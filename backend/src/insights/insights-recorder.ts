import { Inject, Injectable } from '@nestjs/common';
import { GroupCommit } from '../common/group-commit';
import { ReadCache } from '../common/read-cache/read-cache';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { DomainEvent } from '../events/review-events';
import { changesOf } from './insight-figures';
import { insightsScope } from './insights-scope';
import { InsightsRepository, type AppliedChange } from './insights.repository';

/** The worker's step: each event's change to its service's months, applied once per event. */
@Injectable()
export class InsightsRecorder {
  /** Concurrent jobs' events go into their months together: one write per month per batch. */
  private readonly batches = new GroupCommit<DomainEvent>((events) => this.recordAll(events), 100);

  constructor(
    private readonly months: InsightsRepository,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  record(event: DomainEvent): Promise<void> {
    if (!event.serviceId) return Promise.resolve();
    return this.batches.add(event);
  }

  private async recordAll(events: DomainEvent[]): Promise<void> {
    const byMonth = new Map<
      string,
      { serviceId: string; month: string; changes: AppliedChange[] }
    >();
    for (const event of events) {
      for (const { month, figures } of changesOf(event, this.config.score.halfLifeDays)) {
        const serviceId = event.serviceId!;
        const key = `${serviceId}:${month}`;
        const entry = byMonth.get(key) ?? { serviceId, month, changes: [] };
        entry.changes.push({ id: event.id, figures });
        byMonth.set(key, entry);
      }
    }
    const applied = await Promise.all(
      [...byMonth.values()].map(async ({ serviceId, month, changes }) =>
        (await this.months.apply(serviceId, month, changes)) ? serviceId : null,
      ),
    );
    const changed = [...new Set(applied.filter((id): id is string => id !== null))];
    if (changed.length > 0) await this.cache.invalidate(...changed.map(insightsScope));
  }
}
