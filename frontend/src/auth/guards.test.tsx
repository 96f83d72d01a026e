import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { renderRoutes } from '../test/renderWithProviders';
import type { SignedInUser } from './authSlice';
import { RequireAdmin, RequireAuth, type LoginRedirectState } from './guards';

const user: SignedInUser = {
  uid: 'u1',
  email: 'ann@example.com',
  displayName: 'Ann',
  photoURL: '',
  emailVerified: true,
  isAdmin: false,
};

function LoginPage() {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return <p>Login page, back to {from?.pathname}</p>;
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/mine', element: <RequireAuth>My reviews</RequireAuth> },
  { path: '/all', element: <RequireAdmin>All reviews</RequireAdmin> },
];

/** Any request fails the test: the admin flag comes with the signed-in user, not a lookup. */
function forbidRequests() {
  const fetchMock = vi.fn(async () => Response.error());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('login guard', () => {
  it('shows a loading animation while auth loads', () => {
    renderRoutes(routes, '/mine', { preloadedState: { auth: { user: null, loading: true } } });
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering where they were', () => {
    renderRoutes(routes, '/mine', { preloadedState: { auth: { user: null, loading: false } } });
    expect(screen.getByText('Login page, back to /mine')).toBeInTheDocument();
  });

  it('shows the page to a signed-in user', () => {
    renderRoutes(routes, '/mine', { preloadedState: { auth: { user, loading: false } } });
    expect(screen.getByText('My reviews')).toBeInTheDocument();
  });
});

describe('admin guard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading.....' while the session loads", () => {
    forbidRequests();
    renderRoutes(routes, '/all', { preloadedState: { auth: { user: null, loading: true } } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading.....');
  });

  it('shows the page to an admin, from the signed-in user alone', () => {
    const fetchMock = forbidRequests();
    renderRoutes(routes, '/all', {
      preloadedState: { auth: { user: { ...user, isAdmin: true }, loading: false } },
    });
    expect(screen.getByText('All reviews')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-in non-admin to /login without a way back (it would loop)', async () => {
    forbidRequests();
    const { router } = renderRoutes(routes, '/all', {
      preloadedState: { auth: { user, loading: false } },
    });
    expect(await screen.findByText(/^Login page, back to\s*$/)).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it('sends a signed-out visitor to /login', () => {
    const fetchMock = forbidRequests();
    renderRoutes(routes, '/all', { preloadedState: { auth: { user: null, loading: false } } });
    expect(screen.getByText('Login page, back to /all')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
