import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '../store';
import { api } from './client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('authenticated base query', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes once for concurrent 401s, then retries with the new token', async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(`${request.method} ${new URL(request.url).pathname} ${auth}`);
        if (request.url.endsWith('/api/auth/refresh')) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return json(200, { accessToken: 'fresh', user: null });
        }
        return auth === 'Bearer fresh' ? json(200, []) : json(401, { error: 'No session' });
      }),
    );
    const store = setupStore();

    const results = await Promise.all([
      store.dispatch(api.endpoints.listMyReviews.initiate({})),
      store.dispatch(api.endpoints.listNotifications.initiate({})),
    ]);

    expect(results.map((r) => r.isSuccess)).toEqual([true, true]);
    expect(seen.filter((line) => line.includes('/api/auth/refresh'))).toHaveLength(1);
    expect(store.getState().session.accessToken).toBe('fresh');
  });

  it('gives up with the 401 when there is no session to refresh', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'No session' })),
    );
    const store = setupStore();

    const result = await store.dispatch(api.endpoints.getMe.initiate());

    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().session.accessToken).toBeNull();
  });
});
