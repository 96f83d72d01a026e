import { Injectable, Logger } from '@nestjs/common';
import { ReadCache } from '../common/read-cache/read-cache';
import { REVIEWS_SCOPE, reviewsOfServiceScope } from './review-settlement';
import { ReviewsRepository } from './reviews.repository';
import { ReviewTimelines, type TimelineEntry } from './review-timelines';

const BATCH = 500;
/** Longer than any rebuild should take; a process that dies mid-rebuild frees it after this. */
const REBUILD_LOCK_MS = 10 * 60_000;

/**
 * The timelines are derived from the reviews, so they can always be made again. When the API
 * starts, a Redis not marked as holding them whole while reviews exist (it was flushed, lost its
 * data, is new, or holds an older release's lists) gets them rebuilt in the background;
 * `npm run timelines:rebuild` does it on demand.
 */
@Injectable()
export class ReviewTimelinesRebuild {
  private readonly logger = new Logger(ReviewTimelinesRebuild.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly timelines: ReviewTimelines,
    private readonly cache: ReadCache,
  ) {}

  /** The API's start: checks, and rebuilds if needed, without holding the start-up. */
  rebuildInBackground(): void {
    void this.rebuildIfLost().catch((error: Error) =>
      this.logger.error(`Rebuilding the review timelines failed: ${error.message}`),
    );
  }

  /** Rebuilds the timelines if Redis lost them; answers how many reviews it placed, or null. */
  async rebuildIfLost(): Promise<number | null> {
    if (await this.timelines.isMarkedWhole()) return null;
    if (!(await this.reviews.any())) {
      await this.timelines.markWhole();
      return null;
    }
    this.logger.warn('Redis holds no whole review timelines while reviews exist: rebuilding them.');
    return this.rebuild();
  }

  /**
   * Places every review in its timelines again, in batches. A review that changes while the
   * rebuild runs is placed by its own settlement too; the rebuild can be run again at any time.
   * Answers how many reviews it placed, or null when another process is rebuilding.
   */
  async rebuild(): Promise<number | null> {
    if (!(await this.timelines.lockRebuild(REBUILD_LOCK_MS))) return null;
    try {
      let placed = 0;
      let batch: TimelineEntry[] = [];
      const services = new Set<string>();
      for await (const entry of this.reviews.allTimelineEntries(BATCH)) {
        batch.push(entry);
        services.add(entry.service);
        if (batch.length < BATCH) continue;
        await this.timelines.place(batch);
        placed += batch.length;
        batch = [];
      }
      await this.timelines.place(batch);
      placed += batch.length;
      await this.timelines.markWhole();
      // Lists read while the timelines were empty were cached empty.
      await this.cache.invalidate(REVIEWS_SCOPE, ...[...services].map(reviewsOfServiceScope));
      this.logger.log(`Review timelines rebuilt: ${placed} reviews placed.`);
      return placed;
    } finally {
      await this.timelines.unlockRebuild();
    }
  }
}
