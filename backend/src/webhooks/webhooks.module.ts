import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { NotificationsModule } from '../notifications/notifications.module';
import { ServicesModule } from '../services/services.module';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDelivery, WebhookDeliverySchema } from './webhook-delivery.schema';
import { WebhookEndpoint, WebhookEndpointSchema } from './webhook-endpoint.schema';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WEBHOOKS_QUEUE } from './webhook-events';
import { WebhookJobs } from './webhook-jobs';
import { WebhookOwnerChange } from './webhook-owner-change';
import { WebhookTries } from './webhook-tries';
import { AdminWebhooksController } from './admin-webhooks.controller';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Services' webhooks: their endpoints and delivery logs, the routes that manage them, and the
 * `webhooks` queue. Loaded by the API (routes, test events, resends) and the worker (the event
 * handler queues deliveries; its processor makes the tries through WebhookTries).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: WebhookEndpoint.name, schema: WebhookEndpointSchema },
      { name: WebhookDelivery.name, schema: WebhookDeliverySchema },
    ]),
    BullModule.registerQueueAsync({
      name: WEBHOOKS_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: { url: config.redis.url } }),
    }),
    NotificationsModule,
    ServicesModule,
  ],
  controllers: [WebhooksController, AdminWebhooksController],
  providers: [
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookJobs,
    WebhookOwnerChange,
    WebhookTries,
    WebhooksService,
  ],
  exports: [WebhookJobs, WebhookOwnerChange, WebhookTries, BullModule],
})
export class WebhooksModule {}
