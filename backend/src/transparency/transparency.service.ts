import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { GroupCommit } from '../common/group-commit';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import type { DomainEvent } from '../events/review-events';
import { ReviewReads } from '../reviews/review-reads';
import { ServicesService } from '../services/services.service';
import { monthOf, tallyOf, withTally, type MonthFigures } from './monthly-tally';
import type { MonthTransparencyDto, ServiceTransparencyDto } from './transparency.dto';
import { TransparencyRepository, type MonthChange } from './transparency.repository';

/** The site-wide figures' cache scope, bumped by the worker when a month changes. */
export const TRANSPARENCY_SCOPE = 'transparency';

/** How many months the site-wide page shows. */
const MONTHS_SHOWN = 24;

const COUNTS = [
  'reviewsWritten',
  'fromVerifiedAccounts',
  'edits',
  'flagged',
  'removed',
  'restored',
  'reportsReceived',
  'reportsUpheld',
  'reportsDismissed',
  'appeals',
  'appealsGranted',
  'burstAlerts',
] as const;

function toMonthDto(month: string, figures: Partial<MonthFigures>): MonthTransparencyDto {
  const counts = Object.fromEntries(COUNTS.map((field) => [field, figures[field] ?? 0]));
  const rules = Object.entries(figures.rules ?? {})
    .map(([rule, ruleFigures]) => ({ rule, ...ruleFigures }))
    .sort((a, b) => a.rule.localeCompare(b.rule));
  return { month, ...counts, rules } as MonthTransparencyDto;
}

/**
 * What moderation did, for everyone: per service from its reviews (one keyed read, cached with
 * its list), and site-wide per month from counters the worker keeps as events pass.
 */
@Injectable()
export class TransparencyService {
  /** Concurrent jobs' events go into their months together: one write per month per batch. */
  private readonly batches = new GroupCommit<DomainEvent>((events) => this.recordAll(events), 100);

  constructor(
    private readonly months: TransparencyRepository,
    private readonly reads: ReviewReads,
    private readonly services: ServicesService,
    private readonly cache: ReadCache,
  ) {}

  /** Adds the event to its month, once (the worker; a retried job changes nothing). */
  record(event: DomainEvent): Promise<void> {
    return this.batches.add(event);
  }

  private async recordAll(events: DomainEvent[]): Promise<void> {
    const byMonth = new Map<string, MonthChange[]>();
    for (const event of events) {
      const tally = tallyOf(event);
      if (Object.keys(tally).length === 0) continue;
      const month = monthOf(event.at);
      const change = (figures: Partial<MonthFigures>) => withTally(figures, tally);
      byMonth.set(month, [...(byMonth.get(month) ?? []), { id: event.id, change }]);
    }
    const applied = await Promise.all(
      [...byMonth].map(([month, changes]) => this.months.apply(month, changes)),
    );
    if (applied.some(Boolean)) await this.cache.invalidate(TRANSPARENCY_SCOPE);
  }

  monthly(): Promise<MonthTransparencyDto[]> {
    return this.cache.read([TRANSPARENCY_SCOPE], cacheKey('transparency', {}), async () =>
      (await this.months.latest(MONTHS_SHOWN)).map((month) =>
        toMonthDto(month._id, month.figures ?? {}),
      ),
    );
  }

  async forService(serviceId: string): Promise<ServiceTransparencyDto> {
    if (!(await this.services.identity(serviceId))) {
      throw new ApiError(404, 'No service has this id.', 'SERVICE_NOT_FOUND');
    }
    const { verified, ...counted } = await this.reads.figuresOf(serviceId);
    const figures: ServiceTransparencyDto = counted;
    if (counted.published > 0) {
      figures.verifiedShare = Math.round((verified / counted.published) * 100) / 100;
    }
    return figures;
  }
}
