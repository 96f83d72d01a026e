import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, stubApi } from '../../test/stubApi';
import { setupStore } from '../store';
import { api } from './client';

describe('Idempotency-Key', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a submit sends one key, its retry after a refreshed session the same, the next submit another', async () => {
    let expired = true;
    const id = 'a'.repeat(24);
    const fetchMock = stubApi({
      'POST /api/auth/refresh': () => {
        expired = false;
        return Response.json({ accessToken: 'fresh', user: null });
      },
      [`DELETE /api/reviews/${id}`]: (request, body) =>
        expired
          ? apiError(401, 'Your session has expired.')(request, body)
          : Response.json({ acknowledged: true, deletedCount: 1 }),
    });
    const store = setupStore();

    const first = await store.dispatch(api.endpoints.deleteReview.initiate({ id }));
    const second = await store.dispatch(api.endpoints.deleteReview.initiate({ id }));

    expect([first.error, second.error]).toEqual([undefined, undefined]);
    const keys = callsTo(fetchMock, `DELETE /api/reviews/${id}`).map((request) =>
      request.headers.get('idempotency-key'),
    );
    expect(keys).toHaveLength(3);
    const [sentFirst, retried, sentSecond] = keys;
    expect(sentFirst).toMatch(/^[0-9a-f]{32}$/);
    expect(retried).toBe(sentFirst);
    expect(sentSecond).toMatch(/^[0-9a-f]{32}$/);
    expect(sentSecond).not.toBe(sentFirst);
  });
});
