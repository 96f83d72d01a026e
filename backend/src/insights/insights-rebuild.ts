import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuditQueryDto } from '../audit/audit.dto';
import { ReadCache } from '../common/read-cache/read-cache';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { ReviewStore } from '../reviews/store/review-store';
import { ServicesService } from '../services/services.service';
import { UsersService } from '../users/users.service';
import { FIELD, addChange, monthOf, partOf, type Figures } from './insight-figures';
import { monthsSince } from './insight-summary';
import { insightsScope } from './insights-scope';
import { InsightsRepository } from './insights.repository';

const AUDIT_PAGE = 100;
/** Reviews read by `_id` side by side. */
const READ_AT_ONCE = 20;

/**
 * A service's monthly figures counted from scratch: the parts of its reviews as stored (found
 * through its lists, never a scan of the reviews), and the invitations its owner sent, from the
 * owner's audit trail (those a former owner sent are not found). What the worker's events add up
 * to must equal this.
 */
@Injectable()
export class InsightsRebuild {
  constructor(
    private readonly months: InsightsRepository,
    private readonly store: ReviewStore,
    private readonly reviews: ReviewsRepository,
    private readonly services: ServicesService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The figures of every month the service has any in. */
  async recompute(serviceId: string): Promise<Map<string, Figures>> {
    const months = new Map<string, Figures>();
    const ids = (await this.store.serviceEntries(serviceId)).map((entry) => String(entry._id));
    for (let start = 0; start < ids.length; start += READ_AT_ONCE) {
      const reviews = await Promise.all(
        ids.slice(start, start + READ_AT_ONCE).map((id) => this.reviews.findById(id)),
      );
      for (const review of reviews) {
        if (review) addChange(months, partOf(review, this.config.score.halfLifeDays));
      }
    }
    for (const sentAt of await this.invitationsSent(serviceId)) {
      addChange(months, { month: monthOf(sentAt), figures: { [FIELD.invitationsSent]: 1 } });
    }
    return months;
  }

  /**
   * Writes the recomputed figures over the stored ones, for every month from the service's
   * first (or its first review's) to this one, each by `_id`; answers how many months it wrote.
   */
  async rebuild(serviceId: string): Promise<number> {
    const figures = await this.recompute(serviceId);
    const { createdAt } = await this.services.get(serviceId);
    const first = [monthOf(createdAt), ...figures.keys()].sort()[0];
    let written = 0;
    for (const month of monthsSince(first)) {
      const counted = figures.get(month);
      if (!counted && Object.keys(await this.months.figures(serviceId, month)).length === 0) {
        continue;
      }
      await this.months.replace(serviceId, month, counted ?? {});
      written += 1;
    }
    await this.cache.invalidate(insightsScope(serviceId));
    return written;
  }

  /** Rebuilds every listed service's months; answers how many services. */
  async rebuildAll(): Promise<number> {
    const ids = await this.services.listedIds();
    for (const id of ids) await this.rebuild(id);
    return ids.length;
  }

  private async invitationsSent(serviceId: string): Promise<Date[]> {
    const { ownerId } = await this.services.get(serviceId);
    const owner = ownerId ? await this.users.findById(ownerId) : null;
    if (!owner) return [];
    const sent: Date[] = [];
    for (let offset = 0; ; offset += AUDIT_PAGE) {
      const query = {
        actor: owner.email,
        action: 'invitation.created',
        offset,
        limit: AUDIT_PAGE,
      } as AuditQueryDto;
      const { items } = await this.audit.list(query);
      sent.push(...items.filter((entry) => entry.serviceId === serviceId).map(({ at }) => at));
      if (items.length < AUDIT_PAGE) return sent;
    }
  }
}
