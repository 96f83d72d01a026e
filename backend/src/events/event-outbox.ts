import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Model } from 'mongoose';
import {
  REVIEW_EVENTS_QUEUE,
  eventJobOptions,
  type DomainEvent,
  type EventActor,
  type EventType,
} from '../queue/review-events';
import { OutboxEntry } from './outbox-entry.schema';

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
 * ReviewBook.)
 */
@Injectable()
export class EventOutbox {
  private readonly logger = new Logger(EventOutbox.name);

  constructor(
    @InjectModel(OutboxEntry.name) private readonly outbox: Model<OutboxEntry>,
    @InjectQueue(REVIEW_EVENTS_QUEUE) private readonly queue: Queue,
  ) {
    // Without a listener a lost connection would crash the process; the relay retries instead.
    queue.on('error', (error) => this.logger.warn(`review-events queue: ${error.message}`));
  }

  /** Stores the event and tries to publish it at once, without making the caller wait for Redis. */
  async record(type: EventType, fields: Omit<NewEvent, 'type'>): Promise<DomainEvent> {
    const event = newEvent(type, fields);
    await this.outbox.create({
      _id: event.id,
      event,
      createdAt: new Date(event.at),
      pending: true,
    });
    void this.publishStored(event).catch(() => undefined);
    return event;
  }

  /** Puts the event on the queue; fails when Redis does not take it. */
  async publish(event: DomainEvent): Promise<void> {
    await this.queue.add(event.type, event, eventJobOptions(event));
  }

  /** Puts the events on the queue in one call. */
  async publishAll(events: DomainEvent[]): Promise<void> {
    await this.queue.addBulk(
      events.map((event) => ({ name: event.type, data: event, opts: eventJobOptions(event) })),
    );
  }

  private async publishStored(event: DomainEvent): Promise<void> {
    await this.publish(event);
    await this.outbox.deleteOne({ _id: event.id }).exec();
  }

  /** Publishes what is still waiting, oldest first; answers how many went out. */
  async publishPending(): Promise<number> {
    const pending = await this.outbox
      .find({ pending: true }, { event: 1 })
      .sort({ createdAt: 1 })
      .limit(RELAY_BATCH)
      .lean()
      .exec();
    let published = 0;
    for (const entry of pending) {
      try {
        await this.publishStored(entry.event);
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

  async pendingCount(): Promise<number> {
    return this.outbox.countDocuments({ pending: true }).exec();
  }
}
