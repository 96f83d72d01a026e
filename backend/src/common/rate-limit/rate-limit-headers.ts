import type { Response } from 'express';
import type { WindowCount } from './window-counter';

/** One quota a request was counted against: its name, its limit and its window. */
export interface QuotaPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Adds `item` to a Structured Fields list header, after what the response has already. */
function appendListItem(response: Response, field: string, item: string): void {
  const current = response.getHeader(field);
  response.setHeader(field, current ? `${String(current)}, ${item}` : item);
}

/**
 * The IETF httpapi RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): the policy
 * (`RateLimit-Policy: "writes";q=60;w=60`) and what is left of it (`RateLimit: "writes";r=12;t=35`,
 * `t` being the seconds until the window ends). A request counted by several policies lists each.
 */
export function addRateLimitHeaders(
  response: Response,
  policy: QuotaPolicy,
  counted: WindowCount,
): void {
  const name = JSON.stringify(policy.name);
  const remaining = Math.max(0, policy.limit - counted.count);
  appendListItem(
    response,
    'RateLimit-Policy',
    `${name};q=${policy.limit};w=${policy.windowSeconds}`,
  );
  appendListItem(response, 'RateLimit', `${name};r=${remaining};t=${counted.retryAfter}`);
}

/** The 429's sentence; its `Retry-After` is set on the response before it is thrown. */
export function tooManyRequests(response: Response, counted: WindowCount): string {
  response.setHeader('Retry-After', String(counted.retryAfter));
  return `Too many requests; please wait ${counted.retryAfter} seconds and try again.`;
}
