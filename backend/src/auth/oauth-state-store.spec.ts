import type { Request } from 'express';
import { CookieStateStore, OAUTH_STATE_COOKIE } from './oauth-state-store';

/** What the store answers for a callback with `state` and the state cookie `cookie`. */
function verified(state: unknown, cookie: unknown): Promise<unknown> {
  const req = {
    cookies: { [OAUTH_STATE_COOKIE]: cookie },
    res: { clearCookie: () => undefined },
  } as unknown as Request;
  return new Promise((resolve) =>
    new CookieStateStore(false).verify(req, state as string, (_error, ok) => resolve(ok)),
  );
}

describe('CookieStateStore.verify', () => {
  it('accepts the state its cookie holds', async () => {
    expect(await verified('abc123', 'abc123')).toBe(true);
  });

  it('refuses an empty state even with an empty cookie, and any mismatch', async () => {
    expect(await verified('', '')).toBe(false);
    expect(await verified('abc123', 'abc124')).toBe(false);
    expect(await verified('abc123', undefined)).toBe(false);
  });
});
