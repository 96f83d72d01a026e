import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { ServicesRepository, type RatingTotals } from './services.repository';

/** How often each process reads the totals again: the prior they feed moves slowly. */
const TOTALS_KEPT_MS = 10_000;
/** How often each process writes its services' rating changes into the totals. */
const FLUSH_MS = 1000;

const NONE: RatingTotals = { ratingCount: 0, ratingSum: 0 };

function plus(a: RatingTotals, b: RatingTotals): RatingTotals {
  return { ratingCount: a.ratingCount + b.ratingCount, ratingSum: a.ratingSum + b.ratingSum };
}

/**
 * The site-wide rating totals (the fair score's prior), moved by every rating change of every
 * service. One document that every create would otherwise write in turn: each process adds its
 * changes up and writes them once a second (and when it stops), off the writers' path. A process
 * that dies loses at most that second's sum; the worker's hourly recount (ScoreRefresh) mends it,
 * as it mends any drift.
 */
@Injectable()
export class SiteRatingTotals implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SiteRatingTotals.name);
  private readonly writer = new PeriodicTask(
    'site ratings',
    FLUSH_MS,
    () => this.flush(),
    this.logger,
  );
  private read?: { at: number; totals: Promise<RatingTotals> };
  /** Changes not written yet, and those being written. */
  private pending = NONE;
  private writing = NONE;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly services: ServicesRepository) {}

  onApplicationBootstrap(): void {
    this.writer.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.writer.stop();
    await this.flush();
  }

  /** The totals as stored (read at most every TOTALS_KEPT_MS), with this process's changes since. */
  async totals(): Promise<RatingTotals> {
    if (!this.read || Date.now() - this.read.at > TOTALS_KEPT_MS) {
      const totals = this.services.siteRatings().then((stored) => stored ?? NONE);
      this.read = { at: Date.now(), totals };
      totals.catch(() => (this.read = undefined));
    }
    return plus(plus(await this.read.totals, this.writing), this.pending);
  }

  /** The totals as a recount just stored them: this process's prior follows at once. */
  recounted(totals: RatingTotals): void {
    this.read = { at: Date.now(), totals: Promise.resolve(totals) };
  }

  add(change: RatingTotals): void {
    this.pending = plus(this.pending, change);
  }

  /** Writes the changes added so far (after any write in progress). */
  flush(): Promise<void> {
    const written = this.flushing.then(() => this.writeAdded());
    this.flushing = written.catch(() => undefined);
    return written;
  }

  /** Those of a failed write are written with the next. */
  private async writeAdded(): Promise<void> {
    if (this.pending.ratingCount === 0 && this.pending.ratingSum === 0) return;
    this.writing = this.pending;
    this.pending = NONE;
    try {
      const stored = await this.services.addToSiteRatings(this.writing);
      this.read = { at: Date.now(), totals: Promise.resolve(stored ?? NONE) };
    } catch (error) {
      this.pending = plus(this.pending, this.writing);
      throw error;
    } finally {
      this.writing = NONE;
    }
  }
}
