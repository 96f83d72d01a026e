import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../test/stubApi';
import { serviceFixture } from '../test/serviceFixture';
import { api } from './api/client';
import { sessionEnded } from './sessionSlice';
import { setupStore } from './store';

const service = serviceFixture();
const owner = {
  uid: 'u-olga',
  displayName: 'Olga',
  email: 'olga@example.com',
  emailVerified: true,
  isAdmin: false,
  photoURL: '',
};

describe('the store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the services again, as its user, once a session comes back or ends', async () => {
    const fetchMock = stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      'POST /api/auth/refresh': () => Response.json({ accessToken: 'token', user: owner }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    // Who each read of the service was made as: a visitor's (no token) or the owner's.
    const readsAs = () =>
      callsTo(fetchMock, `GET /api/services/${service._id}`).map(
        (request) => request.headers.get('authorization') ?? 'visitor',
      );
    const store = setupStore();
    store.dispatch(api.endpoints.getService.initiate({ id: service._id }));
    await vi.waitFor(() => expect(readsAs()).toEqual(['visitor']));

    await store.dispatch(api.endpoints.refreshSession.initiate());
    await vi.waitFor(() => expect(readsAs()).toEqual(['visitor', 'Bearer token']));

    // A refreshed token of the same user reads nothing again.
    await store.dispatch(api.endpoints.refreshSession.initiate());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readsAs()).toHaveLength(2);

    // Log Out: the token is dropped just after the answer, and the read waits for that.
    await store.dispatch(api.endpoints.logout.initiate());
    store.dispatch(sessionEnded());
    await vi.waitFor(() => expect(readsAs()).toEqual(['visitor', 'Bearer token', 'visitor']));
  });
});
