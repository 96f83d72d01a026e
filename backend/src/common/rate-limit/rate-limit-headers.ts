import type { Response } from 'express';
import { ApiError } from '../api-error';
import type { WindowCount } from './window-counter';
import { rateLimitRefusals } from '../metrics/metrics';

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

/**
 * Tells the request's count against `policy` in the RateLimit headers; past the limit, 429 with a
 * sentence and `Retry-After`.
 */
export function enforceQuota(response: Response, policy: QuotaPolicy, counted: WindowCount): void {
  addRateLimitHeaders(response, policy, counted);
  if (counted.count <= policy.limit) return;
  rateLimitRefusals.labels(policy.name).inc();
  response.setHeader('Retry-After', String(counted.retryAfter));
  throw new ApiError(
    429,
    `Too many requests; please wait ${counted.retryAfter} seconds and try again.`,
  );
}
