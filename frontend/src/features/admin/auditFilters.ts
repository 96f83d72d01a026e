import type { ListAuditEntriesApiArg } from '../../api/client';

export type AuditAction = NonNullable<ListAuditEntriesApiArg['action']>;

export const auditActionLabels: Record<AuditAction, string> = {
  'review.created': 'Review created',
  'review.updated': 'Review updated',
  'review.deleted': 'Review deleted',
  'review.moderated': 'Review moderated',
  'service.created': 'Service created',
  'user.role_changed': 'User role changed',
};

/** The filter form as typed: dates are the date inputs' YYYY-MM-DD values. */
export interface AuditFilterValues {
  action: AuditAction | '';
  actor: string;
  review: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilterValues = {
  action: '',
  actor: '',
  review: '',
  from: '',
  to: '',
};

type AuditFilterArgs = Omit<ListAuditEntriesApiArg, 'limit' | 'offset'>;

/** The API's filters for the form: blank fields left out, whole local days as ISO times. */
export function toAuditQuery(values: AuditFilterValues): AuditFilterArgs {
  const args: AuditFilterArgs = {};
  if (values.action) args.action = values.action;
  if (values.actor.trim()) args.actor = values.actor.trim();
  if (values.review.trim()) args.review = values.review.trim();
  if (values.from) args.from = new Date(`${values.from}T00:00:00`).toISOString();
  if (values.to) args.to = new Date(`${values.to}T23:59:59.999`).toISOString();
  return args;
}
