import { setTimeout as sleep } from 'node:timers/promises';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { PeriodicTask } from '../../common/periodic-task';
import { ReadCache } from '../../common/read-cache/read-cache';
import { REVIEWS_SCOPE, reviewsOfServiceScope } from '../review-scopes';
import { ReviewsRepository } from '../reviews.repository';
import { ReviewTimelines, type TimelineEntry } from './review-timelines';
import { ServiceRecount } from './service-recount';
import { REVIEW_STATUSES } from '../review.schema';

const BATCH = 500;
/** How many reviews the check reads at once: FerretDB's pool stays far from busy (DESIGN §7). */
const CHECK_CONCURRENCY = 8;
/** How many of each timeline's newest reviews the API's start checks. */
const START_CHECK_NEWEST = 200;

/** What a check of the timelines against the store found: the reviews it placed again. */
export interface TimelinesCheck {
  checked: number;
  mended: string[];
}
/**
 * The rebuild's lock, renewed after every batch: a process that dies mid-rebuild frees it after
 * this, and another takes over.
 */
const REBUILD_LOCK_MS = 30_000;
/** How often an API process checks that Redis still holds the timelines (one GET, one INFO). */
const WATCH_INTERVAL_MS = 1000;
/** After a loss, how often and how far apart services busy with a change are recounted again. */
const BUSY_ROUNDS = 10;
const BUSY_PAUSE_MS = 2000;

/**
 * The timelines are derived from the reviews, so they can always be made again. An API process
 * checks every second, from its start, that Redis is marked as holding them whole; one that is
 * not while reviews exist (it was flushed, restarted empty, is new, or holds an older release's
 * lists) gets them rebuilt in the background. `npm run timelines:rebuild` does it on demand.
 */
@Injectable()
export class ReviewTimelinesRebuild implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ReviewTimelinesRebuild.name);
  /** Set once the process stops: a recount after a loss tries the busy services no more. */
  private stopping = false;
  private readonly watch = new PeriodicTask(
    'review timelines check',
    WATCH_INTERVAL_MS,
    () => this.rebuildIfLost(),
    this.logger,
  );

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly timelines: ReviewTimelines,
    private readonly cache: ReadCache,
    private readonly recounts: ServiceRecount,
  ) {}

  /**
   * The API's start, without holding it: checks now and every second after that Redis still
   * holds the timelines (rebuilding them if not), and compares each timeline's newest reviews
   * with the store once (those a crash is likeliest to have left misplaced).
   */
  watchInBackground(): void {
    this.watch.start({ runNow: true });
    void this.check(START_CHECK_NEWEST)
      .then(({ mended }) => {
        if (mended.length > 0) {
          this.logger.warn(`Review timelines: ${mended.length} reviews placed again as stored.`);
        }
      })
      .catch((error: Error) =>
        this.logger.error(`Checking the review timelines failed: ${error.message}`),
      );
  }

  beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    return this.watch.stop();
  }

  /**
   * Compares the status timelines with the store: each review one holds is read by `_id` (no
   * scan), and one stored in another status is placed again as stored, one gone is taken out
   * of every timeline. `newest`: only that many of each timeline's newest; all without.
   */
  async check(newest?: number): Promise<TimelinesCheck> {
    const result: TimelinesCheck = { checked: 0, mended: [] };
    const services = new Set<string>();
    for (const status of REVIEW_STATUSES) {
      const ids = await this.timelines.ids(status, newest);
      for (let start = 0; start < ids.length; start += CHECK_CONCURRENCY) {
        const slice = ids.slice(start, start + CHECK_CONCURRENCY);
        const stored = await Promise.all(slice.map((id) => this.reviews.timelineEntry(id)));
        const misplaced = stored.filter(
          (entry): entry is TimelineEntry => entry !== null && entry.status !== status,
        );
        const gone = slice.filter((_, index) => stored[index] === null);
        await this.timelines.place(misplaced);
        await this.timelines.forget(gone);
        for (const entry of misplaced) services.add(entry.service);
        result.checked += slice.length;
        result.mended.push(...misplaced.map((entry) => String(entry._id)), ...gone);
      }
    }
    if (result.mended.length > 0) {
      await this.cache.invalidate(REVIEWS_SCOPE, ...[...services].map(reviewsOfServiceScope));
    }
    return result;
  }

  /**
   * Rebuilds the timelines if Redis lost them (or was started again, and may have lost its last
   * second), then recounts every service's rating: the batches of new reviews waiting to be
   * counted lived there too (ReviewCreateBatchesRepository). Answers how many reviews it placed,
   * or null.
   */
  async rebuildIfLost(): Promise<number | null> {
    if (await this.timelines.isMarkedWhole()) return null;
    if (!(await this.reviews.any())) {
      await this.timelines.markWhole();
      return null;
    }
    this.logger.warn(
      'Redis holds no whole review timelines for this run of it while reviews exist: rebuilding them.',
    );
    const placed = await this.rebuild();
    if (placed === null) return null;
    await this.recountAfterLoss();
    return placed;
  }

  /**
   * Every service recounted; those busy with a change in flight (which a recount must not count
   * twice) again, a few times, a while apart.
   */
  private async recountAfterLoss(): Promise<void> {
    const first = await this.recounts.recountAll(() => this.stopping);
    let mended = first.filter((each) => each.outcome === 'mended').length;
    let busy = first.filter((each) => each.outcome === 'busy').map((each) => each.serviceId);
    for (let round = 0; busy.length > 0 && round < BUSY_ROUNDS && !this.stopping; round += 1) {
      await sleep(BUSY_PAUSE_MS);
      const stillBusy: string[] = [];
      for (const id of busy) {
        const again = await this.recounts.recount(id);
        if (again?.outcome === 'mended') mended += 1;
        if (again?.outcome === 'busy') stillBusy.push(id);
      }
      busy = stillBusy;
    }
    this.logger.warn(
      `Services recounted after Redis's loss: ${mended} mended` +
        (busy.length > 0 ? `; still busy, left as they are: ${busy.join(', ')}.` : '.'),
    );
  }

  /**
   * Places every review in its timelines again, in batches. A review that changes while the
   * rebuild runs is placed by its own settlement too; the rebuild can be run again at any time.
   * Answers how many reviews it placed, or null when another process is rebuilding or Redis
   * lost its data again meanwhile (then the timelines stay unmarked, to be rebuilt again).
   */
  async rebuild(): Promise<number | null> {
    const lock = await this.timelines.lockRebuild(REBUILD_LOCK_MS);
    if (!lock) return null;
    let placed = 0;
    const services = new Set<string>();
    let held = true;
    try {
      let batch: TimelineEntry[] = [];
      for await (const entry of this.reviews.allTimelineEntries(BATCH)) {
        batch.push(entry);
        services.add(entry.service);
        if (batch.length < BATCH) continue;
        await this.timelines.place(batch);
        placed += batch.length;
        batch = [];
        held = await this.timelines.holdRebuild(lock, REBUILD_LOCK_MS);
        if (!held) break;
      }
      if (held) {
        await this.timelines.place(batch);
        placed += batch.length;
      }
    } finally {
      held = (await this.timelines.unlockRebuild(lock, held)) && held;
    }
    if (!held) {
      this.logger.warn('Redis lost the review timelines again while they were rebuilt.');
      return null;
    }
    // Lists read while the timelines were empty were cached empty.
    await this.cache.invalidate(REVIEWS_SCOPE, ...[...services].map(reviewsOfServiceScope));
    this.logger.log(`Review timelines rebuilt: ${placed} reviews placed.`);
    return placed;
  }
}
