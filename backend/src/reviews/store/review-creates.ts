import { randomUUID } from 'node:crypto';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { failpoint } from '../../common/failpoint';
import { GroupCommit } from '../../common/group-commit';
import { afterCommit } from '../../common/limits/request-deadline';
import type { DomainEvent } from '../../events/review-events';
import {
  ReviewCreateBatchesRepository,
  type WaitingBatch,
} from './review-create-batches.repository';
import { ServiceCounters } from '../../services/service-counters';
import { ReviewSettlement } from './review-settlement';
import { deletionChangeKey } from './review-rating-changes';
import { ReviewsRepository, type StoredReview } from '../reviews.repository';

/**
 * A review to insert, its creation event, whether the insert refused it as a repeat, and what to
 * call once the insert answered.
 */
interface NewReview {
  review: StoredReview;
  event: DomainEvent;
  repeat?: boolean;
  inserted?: () => void;
}

/** How many new reviews one batch takes at most, and how many waiting batches a relay run takes up. */
const CREATE_BATCH = 100;
const RELAY_BATCH = 20;
/**
 * How long a batch may wait for the writers of the previous one (GroupCommit's `lingerMs`): at
 * 10 steady writers, batches of 10 instead of alternating 4s and 6s.
 */
const CREATE_LINGER_MS = 20;
/**
 * How old a batch must be before a review of it not stored is taken as never to be (a repeat):
 * an insert the request gave up on (FerretDB or PostgreSQL killed under it) may still land
 * seconds later, and dropping its event then would leave it uncounted and unaudited.
 */
export const UNSTORED_FINAL_MS = 60_000;

/**
 * New reviews, inserted and settled together with those written at the same moment (a group
 * commit): one command inserts them all. Their events are recorded first, one record per batch
 * (ReviewCreateBatchesRepository), deleted once the reviews are settled; a batch still there
 * after a crash or while Redis was down is settled by the relay. A create thus writes no
 * pending flag into the review only to clear it.
 */
@Injectable()
export class ReviewCreates implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ReviewCreates.name);
  private readonly batches = new GroupCommit<NewReview>(
    (items) => this.createAll(items),
    CREATE_BATCH,
    { lingerMs: CREATE_LINGER_MS },
  );
  /** Batches answered and still being queued: a graceful stop lets them finish. */
  private readonly queueing = new Set<Promise<void>>();
  /**
   * Batches the relay puts off until they are final, by id: the reviews of theirs not stored yet.
   * Each run looks again only at whether those are stored now.
   */
  private readonly putOff = new Map<string, { finalAt: number; missing: string[] }>();

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly waiting: ReviewCreateBatchesRepository,
    private readonly settlement: ReviewSettlement,
    private readonly counters: ServiceCounters,
  ) {}

  /**
   * Inserts the review and settles its event; answers false when the author had already
   * reviewed the service (nothing was written).
   */
  async create(review: StoredReview, event: DomainEvent): Promise<boolean> {
    const item: NewReview = { review, event };
    const shown = this.batches.add(item);
    // Once stored, the review is shown in its lists until the request's deadline at most.
    await Promise.race([shown, new Promise<void>((resolve) => (item.inserted = resolve))]);
    if (!item.repeat) await afterCommit(shown);
    return !item.repeat;
  }

  private async createAll(items: NewReview[]): Promise<void> {
    const record = await this.waiting.insert(
      randomUUID(),
      items.map((item) => item.event),
    );
    const repeats = await this.reviews.insertAll(items.map((item) => item.review));
    items.forEach((item, index) => (item.repeat = repeats.has(index)));
    failpoint('review.afterWrite');
    for (const item of items) item.inserted?.();
    const created = items
      .filter((item) => !item.repeat)
      .map((item) => ({ ...item.review, pendingEvents: [item.event] }));
    try {
      await this.settlement.showEvents(created);
    } catch (error) {
      this.logger.warn(
        `${created.length} new reviews: left for the relay (${(error as Error).message})`,
      );
      return;
    }
    // Not waited for: once readers see the reviews in their lists, their writers have their
    // answer; the ratings follow within COUNT_INTERVAL_MS, and the next batch need not wait
    // behind them or the queue. Events not counted or not queued, or a batch whose deletion
    // failed, are settled again by the relay, which changes nothing twice.
    const queued = Promise.all([
      this.settlement.countEvents(created),
      this.settlement.queueEvents(created),
    ])
      .then(() => this.waiting.remove(record))
      .catch((error: Error) =>
        this.logger.warn(`batch ${record.id} left for the relay (${error.message})`),
      )
      .finally(() => this.queueing.delete(queued));
    this.queueing.add(queued);
  }

  /** Once the batches answered so far are counted and queued (or left for the relay). */
  async settled(): Promise<void> {
    await Promise.all(this.queueing);
  }

  /** Before the connections close (their modules' `onApplicationShutdown`). */
  beforeApplicationShutdown(): Promise<void> {
    return this.settled();
  }

  /** Whether a batch of new reviews of the service waits to be counted. */
  async waitingFor(serviceId: string): Promise<boolean> {
    const batches = await this.waiting.waiting();
    return batches.some((batch) => batch.events.some((event) => event.serviceId === serviceId));
  }

  /**
   * Settles the batches left waiting for `graceMs` or more (a request settles its own at once),
   * RELAY_BATCH of them a run at most: each review still there, as it is stored now, with its creation
   * event. A review no longer there was refused as a repeat (never stored), or deleted by now: its
   * deletion took its rating away, so its creation must count for the two to cancel out. A batch
   * with a review not stored is put off until UNSTORED_FINAL_MS, in case its insert still lands,
   * and looked at again only for whether those are stored now: after an outage, dozens of them
   * would otherwise hold back every batch a crash left.
   */
  async settleOverdue(now: number, graceMs: number): Promise<number> {
    for (const [id, { finalAt }] of this.putOff) if (finalAt <= now) this.putOff.delete(id);
    const overdue = await this.waiting.waiting(new Date(now - graceMs));
    const fresh = overdue.filter((batch) => !this.putOff.has(batch.id));
    let settled = 0;
    for (const batch of [...(await this.landedSincePutOff(overdue)), ...fresh]) {
      if (settled === RELAY_BATCH) break;
      const reviews = await Promise.all(batch.events.map((event) => this.asSettled(event)));
      const missing = batch.events.filter((_, index) => !reviews[index]);
      const finalAt = batch.createdAt.getTime() + UNSTORED_FINAL_MS;
      if (finalAt > now && missing.length > 0) {
        this.putOff.set(batch.id, { finalAt, missing: missing.map((event) => event.reviewId!) });
        continue;
      }
      await this.settlement.settleEvents(reviews.filter((review) => review !== undefined));
      await this.waiting.remove(batch);
      this.putOff.delete(batch.id);
      settled += 1;
    }
    return settled;
  }

  /** The batches put off whose missing reviews are all stored by now: one query for them all. */
  private async landedSincePutOff(overdue: WaitingBatch[]): Promise<WaitingBatch[]> {
    const putOff = overdue.filter((batch) => this.putOff.has(batch.id));
    if (putOff.length === 0) return [];
    const missing = (batch: WaitingBatch) => this.putOff.get(batch.id)!.missing;
    const stored = await this.reviews.storedOf(putOff.flatMap(missing));
    return putOff.filter((batch) => missing(batch).every((id) => stored.has(id)));
  }

  /**
   * The review of a creation event the relay settles, with that event; undefined when it is not
   * stored: a repeat, never to be, or an insert yet to land (UNSTORED_FINAL_MS).
   */
  private async asSettled(event: DomainEvent): Promise<StoredReview | undefined> {
    const stored = await this.reviews.findById(event.reviewId!);
    if (stored) return { ...stored, pendingEvents: [event] };
    const deleted = await this.counters.hasCounted(
      event.serviceId!,
      deletionChangeKey(event.reviewId!),
    );
    if (!deleted) return undefined;
    // As its deletion left it: in no list.
    const created = event.after as unknown as StoredReview;
    return { ...created, status: 'deleted', pendingEvents: [event] };
  }
}
