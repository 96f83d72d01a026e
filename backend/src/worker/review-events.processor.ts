import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { PinoLogger } from 'nestjs-pino';
import type { Job } from 'bullmq';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import {
  REVIEW_EVENTS_QUEUE,
  eventsOfJob,
  type DomainEvent,
  type EventsJob,
} from '../events/review-events';
import { ReviewEventHandler } from './review-event-handler';
import { GracefulWorkerHost } from './graceful-worker-host';
import { withEventLogs } from './event-logs';

/**
 * Consumes `review-events`. A killed worker's job is taken over after the lock lapses (≤ 15 s).
 * It starts once its concurrency is set: started at once (BullMQ's default), it would take a
 * waiting job with a concurrency of 1 and run nothing beside it until that job ended.
 */
@Processor(REVIEW_EVENTS_QUEUE, { lockDuration: 10_000, stalledInterval: 5_000, autorun: false })
export class ReviewEventsProcessor extends GracefulWorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReviewEventsProcessor.name);

  constructor(
    private readonly handler: ReviewEventHandler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pino: PinoLogger,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.workerConcurrency;
    this.worker.run().catch((error: Error) => this.logger.error(`review-events: ${error.message}`));
  }

  /** The job's events side by side: the handler's steps write concurrent events together. */
  protected async work(job: Job<EventsJob | DomainEvent>): Promise<void> {
    const delayMs = this.config.workerTestJobDelayMs;
    if (delayMs > 0) {
      this.logger.warn(`Holding job ${job.id} for ${delayMs} ms (WORKER_TEST_JOB_DELAY_MS)`);
      await sleep(delayMs);
    }
    // Every event is run to its end before a failure fails the job: a retry never overlaps them.
    const outcomes = await Promise.allSettled(
      eventsOfJob(job.data).map((event) =>
        withEventLogs(this.pino, event, () => this.handler.handle(event)),
      ),
    );
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
