import type { WebhookEventType } from '../../../lib/api/client';

/** The events a webhook may subscribe to, with what each means. */
export const WEBHOOK_EVENTS: { type: WebhookEventType; label: string }[] = [
  { type: 'review.created', label: 'A review is written' },
  { type: 'review.updated', label: 'A review is edited' },
  { type: 'review.deleted', label: 'A review is deleted' },
  { type: 'review.replied', label: 'A reply is posted' },
  { type: 'review.moderated', label: 'A review is held, published or rejected' },
];
