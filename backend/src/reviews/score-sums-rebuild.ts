import { Injectable } from '@nestjs/common';
import { ScoreRefresh } from '../services/score-refresh';
import { ServicesService } from '../services/services.service';
import { REVIEW_SORT_ORDERS } from './review.schema';
import { ReviewsRepository } from './reviews.repository';
import { countedRating } from './review-settlement';

/**
 * Sets every service's date-weighted sums from its published reviews, then its score: for data
 * kept from before the fair score, or after SCORE_HALF_LIFE_DAYS changed. One keyed read per
 * service; a review settled while it runs may be counted from before it, so run it while writes
 * are quiet (or run it again).
 */
@Injectable()
export class ScoreSumsRebuild {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly services: ServicesService,
    private readonly scores: ScoreRefresh,
  ) {}

  /** Answers how many services it rebuilt. */
  async rebuild(): Promise<number> {
    const ids = await this.services.allIds();
    for (const id of ids) {
      const published = await this.reviews.ofService(
        id,
        'published',
        REVIEW_SORT_ORDERS.newest,
        'own',
      );
      await this.services.rebuildDecayedSums(
        id,
        published.flatMap((review) => countedRating(review) ?? []),
      );
    }
    await this.scores.run();
    return ids.length;
  }
}
