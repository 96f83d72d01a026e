import { Injectable } from '@nestjs/common';
import { failpoint } from '../../common/failpoint';
import type { HeldReason } from '../../moderation/moderation-rules';
import type { DomainEvent } from '../../events/review-events';
import type { Review } from '../review.schema';
import { ReviewsRepository, type StoredReview } from '../reviews.repository';
import { ReviewCreates } from './review-creates';
import { ReviewSettlement } from './review-settlement';
import { ReviewTimelines, type Timeline, type TimelinePage } from './review-timelines';
import {
  ServiceReviewLists,
  type ListedReview,
  type ServiceFigures,
  type ServiceListEntry,
  type ServiceListPage,
  type ServiceListQuery,
} from './service-review-lists';

export type { Timeline } from './review-timelines';
export { isPublic, type ListedReview, type ServiceFigures } from './service-review-lists';

/** A change of one stored review: the fields it sets, and the events it makes. */
export interface ReviewChange {
  set: Partial<Review>;
  events: DomainEvent[];
}

/**
 * The one door of the review storage engine (docs/event-path.md) for the services that create,
 * change and list reviews. Behind it: the group commit of new reviews and their batch records
 * (ReviewCreates), the events kept in a changed review until they are settled, the settlement
 * of counters, lists, cache and queue (ReviewSettlement), and the Redis lists that page reviews
 * (ReviewTimelines, ServiceReviewLists). Its relay, rebuild and recount are the engine's own
 * operations and use those parts directly.
 */
@Injectable()
export class ReviewStore {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly creates: ReviewCreates,
    private readonly settlement: ReviewSettlement,
    private readonly timelines: ReviewTimelines,
    private readonly serviceLists: ServiceReviewLists,
  ) {}

  /**
   * Stores a new review with its creation event, shown in its lists before this answers; false
   * when its author had reviewed the service already (nothing was written).
   */
  insert(review: StoredReview, event: DomainEvent): Promise<boolean> {
    return this.creates.create(review, event);
  }

  /**
   * Changes one review and keeps the change's events in it, in one atomic write, then settles
   * them (until the request's deadline at most; what is left, the relay settles). `change`
   * declines with null, and may run more than once (a concurrent write retries it). Answers the
   * review before and after, or null when it is gone or the change declined. `afterWrite`: the
   * failpoint a crash test arms between the write and its settlement.
   */
  async write(
    id: string,
    change: (current: StoredReview) => ReviewChange | null,
    afterWrite?: string,
  ) {
    const changed = await this.reviews.modify(id, (current) => {
      const planned = change(current);
      if (!planned) return null;
      return {
        ...planned.set,
        pendingEvents: [...(current.pendingEvents ?? []), ...planned.events],
        pending: true,
      };
    });
    if (!changed) return null;
    if (afterWrite) failpoint(afterWrite);
    await this.settlement.settleWritten(changed.after);
    return changed;
  }

  /** A page of the reviews of every service, in order of creation (ReviewTimelines). */
  timelinePage(
    timeline: Timeline,
    order: 'newest' | 'oldest',
    offset: number,
    limit: number,
    reason?: HeldReason,
  ): Promise<TimelinePage> {
    return this.timelines.page(timeline, order, offset, limit, reason);
  }

  /** A page of a service's public list (ServiceReviewLists). */
  servicePage(service: string, query: ServiceListQuery): Promise<ServiceListPage> {
    return this.serviceLists.page(service, query);
  }

  /** Every review of a service but the deleted ones, with what its lists filter and sort by. */
  serviceEntries(service: string): Promise<ListedReview[]> {
    return this.serviceLists.entries(service);
  }

  /** What a service's reviews add up to, as the public may count them. */
  serviceFigures(service: string): Promise<ServiceFigures> {
    return this.serviceLists.figures(service);
  }

  /** A published review's new count of helpful marks, in its service's helpful order. */
  markHelpful(
    review: Pick<ServiceListEntry, '_id' | 'service' | 'createdAt' | 'helpfulCount'>,
  ): Promise<void> {
    return this.serviceLists.markHelpful(review);
  }
}
