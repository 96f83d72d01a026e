import type { EventType, ListAuditEntriesApiArg } from '../../lib/api/client';

export type AuditAction = EventType;

export const auditActionLabels: Record<AuditAction, string> = {
  'review.created': 'Review created',
  'review.updated': 'Review updated',
  'review.deleted': 'Review deleted',
  'review.moderated': 'Review moderated',
  'review.reported': 'Review reported',
  'review.report_withdrawn': 'Report withdrawn',
  'review.reports_decided': 'Reports decided',
  'review.appealed': 'Decision appealed',
  'review.appeal_decided': 'Appeal decided',
  'review.replied': 'Review replied to',
  'review.reply_edited': 'Reply edited',
  'service.created': 'Service created',
  'service.screened': 'Service screened',
  'service.contact_updated': 'Service contact changed',
  'service.claim_requested': 'Service claim asked',
  'service.claim_confirmed': 'Service claim confirmed',
  'service.claim_decided': 'Service claim decided',
  'service.burst_detected': 'Burst of reviews seen',
  'service.burst_closed': 'Burst alert closed',
  'invitation.created': 'Customer invited',
  'invitation.used': 'Invitation used',
  'user.role_changed': 'User role changed',
  'user.deleted': 'Account deleted',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'api_token.used': 'API token used',
};

/** The filter form as typed. */
export interface AuditFilterValues {
  action: AuditAction | '';
  actor: string;
  review: string;
}

export const noAuditFilters: AuditFilterValues = { action: '', actor: '', review: '' };

type AuditFilterArgs = Omit<ListAuditEntriesApiArg, 'limit' | 'offset'>;

/** Today as the audit trail keys its days: the UTC date, YYYY-MM-DD. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (before it when negative). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return todayUtc(date);
}

/**
 * The API's filters for the form, blank fields left out. The API lists one review's or one
 * actor's entries over all days; otherwise it lists those of one day.
 */
export function toAuditQuery(values: AuditFilterValues, day: string): AuditFilterArgs {
  const args: AuditFilterArgs = {};
  if (values.action) args.action = values.action;
  if (values.actor.trim()) args.actor = values.actor.trim();
  if (values.review.trim()) args.review = values.review.trim();
  if (!args.actor && !args.review) args.day = day;
  return args;
}
