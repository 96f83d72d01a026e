import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  REVIEW_EVENTS_QUEUE,
  type DomainEvent,
  type EventActor,
  type EventType,
} from './review-events';
import { OutboxRepository } from './outbox.repository';
import { QueuedEventJobs } from './queued-event-jobs';

const RELAY_BATCH = 200;

export type NewEvent = Omit<DomainEvent, 'id' | 'at'>;

export function actorOf(user: { id: string; email: string; role: EventActor['role'] }): EventActor {
  return { id: user.id, email: user.email, role: user.role };
}

/** A new event: a unique id (the queue's job id and the audit entry's id) and the time. */
export function newEvent(type: EventType, fields: Omit<NewEvent, 'type'>): DomainEvent {
  return { id: randomUUID(), type, at: new Date().toISOString(), ...fields };
}

/**
 * Nothing is lost: an event is stored in `outbox` first, then put on the queue. If Redis is down
 * (or the process dies) it stays there, and the relay publishes it later. Publishing twice is
 * harmless: the event id is the job id. (Review events wait inside the review instead: see
 * ReviewWrites.)
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger(OutboxService.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly jobs: QueuedEventJobs,
    @InjectQueue(REVIEW_EVENTS_QUEUE) queue: Queue,
  ) {
    // Without a listener a lost connection would crash the process; the relay retries instead.
    queue.on('error', (error) => this.logger.warn(`review-events queue: ${error.message}`));
  }

  /** Stores the event and tries to publish it at once, without making the caller wait for Redis. */
  async record(type: EventType, fields: Omit<NewEvent, 'type'>): Promise<DomainEvent> {
    const event = newEvent(type, fields);
    await this.outbox.insert(event);
    void this.publishStored(event).catch(() => undefined);
    return event;
  }

  /** Puts the events on the queue as one job; fails when Redis does not take it. */
  async publish(...events: DomainEvent[]): Promise<void> {
    if (events.length > 0) await this.jobs.add(events);
  }

  private async publishStored(event: DomainEvent): Promise<void> {
    await this.publish(event);
    await this.outbox.deleteById(event.id);
  }

  /** Publishes what is still waiting, oldest first; answers how many went out. */
  async publishPending(): Promise<number> {
    const pending = await this.outbox.oldestPending(RELAY_BATCH);
    let published = 0;
    for (const event of pending) {
      try {
        await this.publishStored(event);
        published += 1;
      } catch (error) {
        this.logger.warn(
          `outbox: ${pending.length - published} events wait for Redis (${(error as Error).message})`,
        );
        break;
      }
    }
    return published;
  }

  pendingCount(): Promise<number> {
    return this.outbox.countPending();
  }
}
