import type { Response } from 'express';
import type { ApiError } from '../api-error';
import { addRateLimitHeaders, enforceQuota } from './rate-limit-headers';

/** The part of a response the headers are written on. */
function fakeResponse() {
  const headers = new Map<string, string>();
  const response = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  } as unknown as Response;
  return { response, headers };
}

describe('RateLimit headers', () => {
  it('writes the policy and what is left of it, per the IETF httpapi draft', () => {
    const { response, headers } = fakeResponse();
    addRateLimitHeaders(
      response,
      { name: 'tokens', limit: 120, windowSeconds: 60 },
      { count: 20, retryAfter: 35 },
    );
    expect(headers.get('ratelimit-policy')).toBe('"tokens";q=120;w=60');
    expect(headers.get('ratelimit')).toBe('"tokens";r=100;t=35');
  });

  it('lists every policy a request was counted by, and never a negative remainder', () => {
    const { response, headers } = fakeResponse();
    addRateLimitHeaders(
      response,
      { name: 'tokens', limit: 120, windowSeconds: 60 },
      { count: 1, retryAfter: 10 },
    );
    addRateLimitHeaders(
      response,
      { name: 'writes', limit: 60, windowSeconds: 60 },
      { count: 61, retryAfter: 10 },
    );
    expect(headers.get('ratelimit-policy')).toBe('"tokens";q=120;w=60, "writes";q=60;w=60');
    expect(headers.get('ratelimit')).toBe('"tokens";r=119;t=10, "writes";r=0;t=10');
  });

  it('lets a request within the limit through, and answers one past it 429 with Retry-After', () => {
    const { response, headers } = fakeResponse();
    const policy = { name: 'writes', limit: 60, windowSeconds: 60 };
    enforceQuota(response, policy, { count: 60, retryAfter: 7 });
    expect(headers.get('retry-after')).toBeUndefined();
    let refusal: unknown;
    try {
      enforceQuota(response, policy, { count: 61, retryAfter: 7 });
    } catch (error) {
      refusal = error;
    }
    expect((refusal as ApiError).getResponse()).toMatchObject({
      statusCode: 429,
      error: 'Too many requests; please wait 7 seconds and try again.',
    });
    expect(headers.get('retry-after')).toBe('7');
  });
});
