import { createHash } from 'node:crypto';
import type { DomainEvent, EventType } from '../events/review-events';

/** The queue webhook deliveries travel on, from the API and the event handler to the worker. */
export const WEBHOOKS_QUEUE = 'webhooks';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'review.created',
  'review.updated',
  'review.deleted',
  'review.replied',
  'review.moderated',
] as const satisfies readonly EventType[];

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The `serviceId` of admins' webhooks that receive the events of every service. */
export const ALL_SERVICES = '*';

/** The event "Send test event" sends, to every endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export function isWebhookEvent(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/** A review's public fields, as a webhook carries them (never its author's e-mail or reports). */
const REVIEW_FIELDS = [
  '_id',
  'title',
  'details',
  'rating',
  'criteria',
  'experiencedAt',
  'reviewUser',
  'verifiedCustomer',
  'status',
  'helpfulCount',
  'createdAt',
  'updatedAt',
  'editedAt',
] as const;

interface ReplySnapshot {
  text?: string;
  createdAt?: unknown;
  editedAt?: unknown;
}

/** The body of a webhook message: `{type, timestamp, data}` as Standard Webhooks suggests. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The message an event makes: the review as the event left it (as it was, for a deletion). */
export function webhookPayload(event: DomainEvent): WebhookPayload {
  const review = (event.after ?? event.before ?? {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const field of REVIEW_FIELDS) {
    if (review[field] !== undefined) data[field] = review[field];
  }
  const reply = review.reply as ReplySnapshot | undefined;
  if (reply?.text) {
    data.reply = { text: reply.text, createdAt: reply.createdAt, editedAt: reply.editedAt };
  }
  data.reviewId = event.reviewId ?? data._id;
  delete data._id;
  data.serviceId = event.serviceId;
  return { type: event.type, timestamp: event.at, data };
}

/** The test message "Send test event" sends. */
export function testPayload(serviceId: string, at: Date): WebhookPayload {
  return {
    type: WEBHOOK_TEST_EVENT,
    timestamp: at.toISOString(),
    data: { serviceId, message: 'A test event from Service Critic.' },
  };
}

/**
 * The message id (`webhook-id`) of an event's delivery to one endpoint: the same for every
 * try and for "Resend", and for the event handled again (the event path is at-least-once).
 */
export function deliveryIdOf(eventId: string, endpointId: string): string {
  const digest = createHash('sha256').update(`${eventId}:${endpointId}`).digest('base64url');
  return `msg_${digest.slice(0, 27)}`;
}
