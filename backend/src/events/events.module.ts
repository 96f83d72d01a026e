import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REVIEW_EVENTS_QUEUE } from '../queue/review-events';
import { EventOutbox } from './event-outbox';
import { OutboxEntry, OutboxEntrySchema } from './outbox-entry.schema';
import { OutboxRelay } from './outbox-relay';

/** Where writes record their events: the outbox, its relay and the review-events queue. */
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
  providers: [EventOutbox, OutboxRelay],
  exports: [EventOutbox, BullModule],
})
export class EventsModule {}
