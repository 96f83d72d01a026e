import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { JobsOptions, Queue } from 'bullmq';
import type { DomainEvent } from '../events/review-events';
import { WEBHOOK_ATTEMPTS } from './webhook-backoff';
import type { WebhookDelivery } from './webhook-delivery.schema';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import {
  ALL_SERVICES,
  WEBHOOKS_QUEUE,
  deliveryIdOf,
  isWebhookEvent,
  testPayload,
  webhookPayload,
  type WebhookPayload,
} from './webhook-events';
import type { WebhookEndpoint } from './webhook-endpoint.schema';

/** A delivery job's data: which message to which endpoint. */
export interface WebhookJob {
  deliveryId: string;
  endpointId: string;
}

/** The custom back-off the worker computes (webhookRetryDelay). */
export const WEBHOOK_BACKOFF = 'webhook';

function jobOptions(jobId: string): JobsOptions {
  return {
    jobId,
    attempts: WEBHOOK_ATTEMPTS,
    backoff: { type: WEBHOOK_BACKOFF },
    // Kept a day, so an event handled again finds its job and adds none.
    removeOnComplete: { age: 86_400, count: 10_000 },
    removeOnFail: { age: 7 * 86_400, count: 10_000 },
  };
}

/**
 * Puts deliveries on the `webhooks` queue: one per event and matching enabled endpoint (from
 * the worker's event handler), a test message, or a delivery again ("Resend").
 */
@Injectable()
export class WebhookJobs {
  constructor(
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookJob>,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  /**
   * Queues the event to each enabled endpoint of its service, or of every service (admins'),
   * that subscribed to it. Safe to
   * repeat: the delivery's `_id` and its job's id come from the event and the endpoint.
   */
  async queueEvent(event: DomainEvent): Promise<void> {
    const type = event.type;
    if (!event.serviceId || !isWebhookEvent(type)) return;
    const [ofService, ofAll] = await Promise.all([
      this.endpoints.ofService(event.serviceId),
      this.endpoints.ofService(ALL_SERVICES),
    ]);
    const endpoints = [...ofService, ...ofAll].filter(
      (endpoint) => endpoint.enabled && endpoint.events.includes(type),
    );
    if (endpoints.length === 0) return;
    const payload = webhookPayload(event);
    await Promise.all(
      endpoints.map((endpoint) =>
        this.queueNew(deliveryIdOf(event.id, endpoint._id), endpoint, payload),
      ),
    );
  }

  /** Sends a `webhook.test` message to the endpoint now; answers its delivery. */
  async queueTest(endpoint: WebhookEndpoint): Promise<WebhookDelivery> {
    return this.queueNew(
      `msg_test_${randomUUID()}`,
      endpoint,
      testPayload(endpoint.serviceId, new Date()),
    );
  }

  /** Sends a delivery again, with its message id and body, and fresh tries. */
  async resend(delivery: WebhookDelivery): Promise<void> {
    await this.queue.add(
      delivery.type,
      { deliveryId: delivery._id, endpointId: delivery.endpointId },
      jobOptions(`${delivery._id}-resend-${randomUUID()}`),
    );
  }

  private async queueNew(
    deliveryId: string,
    endpoint: WebhookEndpoint,
    payload: WebhookPayload,
  ): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = {
      _id: deliveryId,
      endpointId: endpoint._id,
      type: payload.type,
      body: JSON.stringify(payload),
      state: 'pending',
      tries: [],
      createdAt: new Date(),
    };
    const inserted = await this.deliveries.insert(delivery);
    const stored = inserted ? delivery : await this.deliveries.findById(deliveryId);
    // Queued again only while no try ended it (the event handled again after a lost job).
    if (stored?.state === 'pending') {
      await this.queue.add(
        payload.type,
        { deliveryId, endpointId: endpoint._id },
        jobOptions(deliveryId),
      );
    }
    return stored ?? delivery;
  }
}
