import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REVIEW_EVENTS_QUEUE } from './review-events';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';
import { OutboxEntry, OutboxEntrySchema } from './outbox-entry.schema';
import { OutboxRelay } from './outbox-relay';
import { QueuedEventJobs } from './queued-event-jobs';
import { EventFigures } from './event-figures';

/**
 * The publishing half of the event path (write → outbox → queue): where writes record their
 * events, the relay that publishes what waits, and the queue. Imported by the modules that write;
 * the worker's half (queue → screening, audit, notifications) is ReviewEventsWorkerModule.
 */
@Module({
  imports: [
    MongooseModule.forFeature([{ name: OutboxEntry.name, schema: OutboxEntrySchema }]),
    BullModule.registerQueueAsync({
      name: REVIEW_EVENTS_QUEUE,
      inject: [APP_CONFIG],
      // While Redis is down, publishing waits; the event is already safe in the outbox.
      useFactory: (config: AppConfig) => ({ connection: { url: config.redis.url } }),
    }),
  ],
  providers: [OutboxService, OutboxRepository, OutboxRelay, QueuedEventJobs, EventFigures],
  exports: [OutboxService, BullModule],
})
export class EventsModule {}
