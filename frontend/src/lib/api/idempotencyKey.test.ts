import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '../store';
import { api } from './client';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('Idempotency-Key', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a submit sends one key, its retry after a refreshed session the same, the next submit another', async () => {
    const sent: { method: string; path: string; key: string | null }[] = [];
    let expired = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        sent.push({ method: request.method, path, key: request.headers.get('idempotency-key') });
        if (path === '/api/auth/refresh') {
          expired = false;
          return json(200, { accessToken: 'fresh', user: null });
        }
        if (expired) return json(401, { error: 'Your session has expired.' });
        return json(200, { acknowledged: true, deletedCount: 1 });
      }),
    );
    const store = setupStore();

    const first = await store.dispatch(api.endpoints.deleteReview.initiate({ id: 'a'.repeat(24) }));
    const second = await store.dispatch(
      api.endpoints.deleteReview.initiate({ id: 'a'.repeat(24) }),
    );

    expect([first.error, second.error]).toEqual([undefined, undefined]);
    const deletes = sent.filter((request) => request.method === 'DELETE');
    expect(deletes).toHaveLength(3);
    const [sentFirst, retried, sentSecond] = deletes.map((request) => request.key);
    expect(sentFirst).toMatch(/^[0-9a-f]{32}$/);
    expect(retried).toBe(sentFirst);
    expect(sentSecond).toMatch(/^[0-9a-f]{32}$/);
    expect(sentSecond).not.toBe(sentFirst);
  });
});
