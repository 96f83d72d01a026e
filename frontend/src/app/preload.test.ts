import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api/client';
import { preload } from './preload';
import { setupStore } from '../lib/store';

describe('preload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the data, leaves it cached and holds no subscription', async () => {
    const blogs = [{ _id: 'b1', title: 'Tips', details: 'Pack well', createdAt: '2026-01-01' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(blogs, { headers: { 'X-Total-Count': '1' } })),
    );
    const store = setupStore();
    const page = { items: blogs, total: 1 };

    await expect(preload(store.dispatch(api.endpoints.listBlogs.initiate({})))).resolves.toEqual(
      page,
    );
    expect(Object.values(store.getState().api.queries).map((query) => query?.data)).toEqual([page]);
    const subscriptions = store.getState().api.subscriptions;
    expect(Object.values(subscriptions).every((s) => Object.keys(s ?? {}).length === 0)).toBe(true);
  });

  it('rejects with the failure, so the route shows its error page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'No such service' }, { status: 404 })),
    );
    const store = setupStore();
    await expect(
      preload(store.dispatch(api.endpoints.getService.initiate({ id: 'x' }))),
    ).rejects.toMatchObject({ status: 404 });
  });
});
