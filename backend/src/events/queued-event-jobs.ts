import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { PeriodicTask } from '../common/periodic-task';
import { REDIS_CLIENT } from '../common/redis-client';
import {
  REVIEW_EVENTS_QUEUE,
  eventJobOptions,
  eventsJobId,
  eventsJobName,
  type DomainEvent,
  type EventsJob,
} from './review-events';

/** How often the jobs this process queued are looked up, and from what age. */
const CHECK_INTERVAL_MS = 1000;
/** Looked up per check at most (one pipeline: the client pipelines a turn's commands). */
const CHECK_BATCH = 1000;
/**
 * Kept at most: a worker down for long fills the queue, and past this the oldest are left to
 * Redis's own persistence alone (about 2 KB each).
 */
const MAX_KEPT = 20_000;

interface Kept {
  events: DomainEvent[];
  queuedAt: number;
}

/**
 * Puts event jobs on the `review-events` queue, and keeps each in memory until the queue says a
 * worker finished it. Once queued, the events have left the store (pending events cleared,
 * create batch record and outbox entry deleted), so the queue is their only copy: a Redis that
 * loses its data (FLUSHALL, or a restart without its last appends) would lose them, and with
 * them their audit entries and notifications. Every second, the jobs queued a second ago or more
 * are looked up; one that Redis no longer knows is queued again (handling an event twice changes
 * nothing: its id is its audit entry's). A process that dies takes its copies with it: the
 * queue's own persistence (append-only) is then what remains.
 */
@Injectable()
export class QueuedEventJobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QueuedEventJobs.name);
  private readonly kept = new Map<string, Kept>();
  private readonly task = new PeriodicTask(
    'queued event jobs',
    CHECK_INTERVAL_MS,
    () => this.requeueLost(),
    this.logger,
  );

  constructor(
    @InjectQueue(REVIEW_EVENTS_QUEUE) private readonly queue: Queue,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Puts the events on the queue as one job; fails when Redis does not take it. */
  async add(events: DomainEvent[]): Promise<void> {
    const job: EventsJob = { events };
    await this.queue.add(eventsJobName(events), job, eventJobOptions(events));
    const id = eventsJobId(events);
    this.kept.delete(id);
    this.kept.set(id, { events, queuedAt: Date.now() });
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
  }

  /**
   * Forgets the jobs a worker finished (completed, or failed for good), and queues again those
   * Redis no longer knows; answers how many it queued again.
   */
  async requeueLost(now = Date.now()): Promise<number> {
    const due: [string, Kept][] = [];
    for (const entry of this.kept) {
      if (now - entry[1].queuedAt < CHECK_INTERVAL_MS || due.length === CHECK_BATCH) break;
      due.push(entry);
    }
    if (due.length === 0) return 0;
    // The job's hash: its creation time while Redis knows it, its end once a worker is done.
    const answers = await Promise.all(
      due.map(([id]) => this.redis.hmget(this.queue.toKey(id), 'timestamp', 'finishedOn')),
    );
    let requeued = 0;
    for (const [index, [id, kept]] of due.entries()) {
      const [queuedAt, finishedOn] = answers[index];
      if (finishedOn) this.kept.delete(id);
      else if (!queuedAt) {
        await this.add(kept.events);
        requeued += 1;
      } else {
        // Still waiting or running: looked up again once the younger ones are.
        this.kept.delete(id);
        this.kept.set(id, { ...kept, queuedAt: now });
      }
    }
    if (requeued > 0) {
      this.logger.warn(
        `Redis lost ${requeued} event jobs before a worker finished them: queued again.`,
      );
    }
    return requeued;
  }
}
