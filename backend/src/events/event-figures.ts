import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { outboxPendingEvents } from '../common/metrics/metrics';
import { OutboxRepository } from './outbox.repository';
import { reportQueue } from './queue-figures';
import { REVIEW_EVENTS_QUEUE } from './review-events';

/** The event path's figures at scrape time: the review-events queue, and the outbox's size. */
@Injectable()
export class EventFigures implements OnModuleInit, OnApplicationShutdown {
  private readonly stops: (() => void)[] = [];

  constructor(
    @InjectQueue(REVIEW_EVENTS_QUEUE) private readonly queue: Queue,
    private readonly outbox: OutboxRepository,
  ) {}

  onModuleInit(): void {
    this.stops.push(
      reportQueue(this.queue),
      outboxPendingEvents.add(async (gauge) => gauge.set(await this.outbox.countPending())),
    );
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
