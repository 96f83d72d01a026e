import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { PeriodicTask } from '../../common/periodic-task';
import { ReviewCreates } from './review-creates';
import { ReviewSettlement } from './review-settlement';

const RELAY_INTERVAL_MS = 2000;
const RELAY_BATCH = 100;
/** A request settles its own change at once; the relay takes what is older than this. */
export const SETTLE_GRACE_MS = 5000;

/**
 * Settles review changes (and batches of new reviews) whose request did not: the process died between the write and its
 * settlement, or Redis was down. Runs in every API process; settling twice is harmless.
 */
@Injectable()
export class PendingReviewRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task = new PeriodicTask(
    'pending reviews',
    RELAY_INTERVAL_MS,
    () => this.settleOverdue(),
    new Logger(PendingReviewRelay.name),
  );

  constructor(
    private readonly settlement: ReviewSettlement,
    private readonly creates: ReviewCreates,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async settleOverdue(now = Date.now()): Promise<number> {
    const reviews = await this.settlement.pendingReviews(RELAY_BATCH);
    let settled = 0;
    for (const review of reviews) {
      const oldest = Math.min(...review.pendingEvents.map((event) => Date.parse(event.at)));
      if (now - oldest < SETTLE_GRACE_MS) continue;
      await this.settlement.settle(String(review._id));
      settled += 1;
    }
    return settled + (await this.creates.settleOverdue(now, SETTLE_GRACE_MS));
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
