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
import { insightsScope } from './insights-scope';
import { InsightsRepository } from './insights.repository';

const AUDIT_PAGE = 100;

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
    const entries = await this.store.serviceEntries(serviceId);
    for (const entry of entries) {
      const review = await this.reviews.findById(String(entry._id));
      if (review) addChange(months, partOf(review, this.config.score.halfLifeDays));
    }
    for (const sentAt of await this.invitationsSent(serviceId)) {
      addChange(months, { month: monthOf(sentAt), figures: { [FIELD.invitationsSent]: 1 } });
    }
    return months;
  }

  /** Writes the recomputed figures over the stored ones; answers how many months it wrote. */
  async rebuild(serviceId: string): Promise<number> {
    const figures = await this.recompute(serviceId);
    const months = new Set([...(await this.months.storedMonths(serviceId)), ...figures.keys()]);
    for (const month of months) {
      await this.months.replace(serviceId, month, figures.get(month) ?? {});
    }
    await this.cache.invalidate(insightsScope(serviceId));
    return months.size;
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
