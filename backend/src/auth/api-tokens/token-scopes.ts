import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** What a personal API token may be allowed to do; `admin` only on an admin's tokens. */
export const TOKEN_SCOPES = [
  'reviews:read',
  'reviews:write',
  'services:write',
  'webhooks',
  'admin',
] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPES_METADATA = 'tokenScopes';

/** The OpenAPI extension that lists an operation's scopes (absent: tokens are refused). */
export const TOKEN_SCOPES_EXTENSION = 'x-token-scopes';

/**
 * Lets personal API tokens call the route, those that hold every one of `scopes`. A route that
 * declares none refuses them (sessions only); `@Access('admin')` declares `admin` itself.
 */
export function TokenScopes(...scopes: TokenScope[]) {
  return applyDecorators(
    SetMetadata(TOKEN_SCOPES_METADATA, scopes),
    ApiExtension(TOKEN_SCOPES_EXTENSION, scopes),
  );
}

/** What a token held by whom is refused on a route, or null when it may call it. */
export type ScopeRefusal =
  { reason: 'sessions-only' } | { reason: 'missing-scope'; scopes: TokenScope[] } | null;

/**
 * Whether a token granting `granted` may call a route that declares `required` (undefined or
 * empty: a route for browser sessions only).
 */
export function scopeRefusal(
  required: readonly TokenScope[] | undefined,
  granted: readonly TokenScope[],
): ScopeRefusal {
  if (!required || required.length === 0) return { reason: 'sessions-only' };
  const missing = required.filter((scope) => !granted.includes(scope));
  return missing.length > 0 ? { reason: 'missing-scope', scopes: missing } : null;
}

/** The scopes a user may give a token: `admin` only if they are one. */
export function grantableScopes(isAdmin: boolean): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scope !== 'admin' || isAdmin);
}
