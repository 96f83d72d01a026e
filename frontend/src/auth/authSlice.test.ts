import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api/client';
import { setupStore } from '../lib/store';

const user = {
  uid: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  photoURL: null,
  emailVerified: false,
  isAdmin: false,
};

describe('auth state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts loading with no user, then keeps the user and token from login in memory', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ accessToken: 'token-1', user }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const store = setupStore();
    expect(store.getState().auth).toEqual({ user: null, loading: true });

    await store.dispatch(
      api.endpoints.login.initiate({ loginDto: { email: user.email, password: 'pw' } }),
    );

    expect(store.getState().auth).toEqual({ user, loading: false });
    expect(store.getState().session.accessToken).toBe('token-1');
    expect(JSON.stringify(localStorage)).not.toContain('token-1');
  });
});
