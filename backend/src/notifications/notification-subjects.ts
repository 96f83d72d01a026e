import type { NotificationKind } from './notification.schema';

/** Each notification e-mail's subject: what happened, before the site's name. */
const SUBJECTS: Record<NotificationKind, string> = {
  'review.received': 'New review of your service',
  'review.flagged': 'Your review is held for a moderator',
  'review.approved': 'Your review is published',
  'review.rejected': 'Your review was rejected',
  'review.deleted_by_admin': 'Your review was deleted',
  'review.removed': 'Your review was taken down',
  'review.appeal_decided': 'Your appeal was decided',
  'review.replied': 'A business replied to your review',
  'service.screened': 'Your service was checked',
  'service.claim_decided': 'Your claim was decided',
  'service.burst_detected': 'Unusual burst of reviews on a service',
  'contact.message': 'New message through the contact form',
  'webhook.disabled': 'Your webhook was turned off',
};

export function notificationSubject(kind: NotificationKind): string {
  return `${SUBJECTS[kind]} · Service Critic`;
}
