import { Injectable } from '@nestjs/common';
import { ScoreRefresh } from '../../services/score-refresh';
import { ServiceCounters, type CountedReview } from '../../services/service-counters';
import { REVIEW_SORT_ORDERS } from '../review.schema';
import { ReviewsRepository } from '../reviews.repository';
import { ReviewCreates } from './review-creates';
import { countedRating, countedReply, countedVerified } from './review-rating-changes';
import type { ServiceRecountDto } from './service-recount.dto';

/** How often a recount reads a service again when a change was in flight, and how long apart. */
const ATTEMPTS = 5;
const PAUSE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Proves and mends a service's rating counters: recomputes them from its reviews (one keyed read
 * of them: an operator's or a job's work, never a request's, DESIGN §7) and sets those that
 * differ. A review change in flight (written, not yet counted) would be counted twice, so a
 * recount mends only a service that nothing moved while it read, none of whose reviews waits to
 * be settled; otherwise it reads again, and at last answers `busy`.
 */
@Injectable()
export class ServiceRecount {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly counters: ServiceCounters,
    private readonly creates: ReviewCreates,
    private readonly scores: ScoreRefresh,
  ) {}

  /** Recounts one service; null when no service has this id. */
  async recount(serviceId: string): Promise<ServiceRecountDto | null> {
    for (let attempt = 1; ; attempt += 1) {
      // In this order: a change counted after the revision is read moves it, and one not
      // counted yet when its review is read is still pending (or its batch still waits).
      const rev = await this.counters.revisionOf(serviceId);
      if (rev === null) return null;
      const reviews = await this.reviews.ofService(
        serviceId,
        undefined,
        REVIEW_SORT_ORDERS.newest,
        'own',
      );
      const settling =
        reviews.some((review) => review.pending) || (await this.creates.waitingFor(serviceId));
      const counted: CountedReview[] = reviews.flatMap((review) => {
        const rating = countedRating(review);
        return rating
          ? [{ rating, reply: countedReply(review), verified: countedVerified(review) }]
          : [];
      });
      const found = await this.counters.recount(serviceId, rev, counted, !settling);
      if (!found) return null;
      const busy = settling || found.moved;
      if (!busy || found.differences.length === 0 || attempt === ATTEMPTS) {
        return {
          serviceId,
          reviews: counted.length,
          differences: found.differences,
          outcome: found.differences.length === 0 ? 'exact' : busy ? 'busy' : 'mended',
        };
      }
      await sleep(PAUSE_MS);
    }
  }

  /**
   * Recounts every service, then stores every score against the site-wide totals recounted from
   * them (ScoreRefresh); answers each service's outcome that was not exact. Stops between two
   * services once `stop` says so (the process is stopping), without the scores.
   */
  async recountAll(stop: () => boolean = () => false): Promise<ServiceRecountDto[]> {
    const inexact: ServiceRecountDto[] = [];
    for (const id of await this.counters.allIds()) {
      if (stop()) return inexact;
      const recounted = await this.recount(id);
      if (recounted && recounted.outcome !== 'exact') inexact.push(recounted);
    }
    await this.scores.run();
    return inexact;
  }
}
