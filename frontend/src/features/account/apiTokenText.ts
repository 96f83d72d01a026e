import type { ApiTokenDto, TokenScope } from '../../lib/api/client';
import { formatDate, formatDateTime } from '../../lib/dates';

/** Each scope as the form offers it: what it lets a token do. */
export const SCOPE_LABELS: Record<TokenScope, string> = {
  'reviews:read': 'reviews:read: read reviews, services and your own reviews and notifications',
  'reviews:write': 'reviews:write: write, edit and delete reviews, replies, votes and reports',
  'services:write': 'services:write: add services and manage the ones you own',
  webhooks: 'webhooks: manage webhooks',
  admin: 'admin: moderate and use the admin pages',
};

/** The scopes a user may choose: `admin` only for admins. */
export function scopesFor(isAdmin: boolean): TokenScope[] {
  return (Object.keys(SCOPE_LABELS) as TokenScope[]).filter(
    (scope) => scope !== 'admin' || isAdmin,
  );
}

/** "Created …; last used …; expires …" for one token of the list. */
export function tokenDates(token: ApiTokenDto): string {
  const used = token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used';
  let expiry = 'never expires';
  if (token.expiresAt) {
    expiry = `${token.expired ? 'expired' : 'expires'} ${formatDate(token.expiresAt)}`;
  }
  return `Created ${formatDate(token.createdAt)}; ${used}; ${expiry}`;
}

/** The end of a calendar day ("YYYY-MM-DD") where the browser is, as the API takes it. */
export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}
