import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Outlet } from 'react-router-dom';
import { renderRoutes } from '../test/renderWithProviders';
import { Toaster } from '../toasts/Toaster';
import type { SignedInUser } from './authSlice';
import { rememberGoogleReturnPath } from './googleSignIn';
import { sessionEnded } from '../lib/sessionSlice';
import { useGoogleSignInOutcome } from './useGoogleSignInOutcome';

const gina: SignedInUser = {
  uid: 'g1',
  email: 'gina@example.com',
  displayName: 'Gina',
  photoURL: '',
  emailVerified: true,
  isAdmin: false,
};

function LayoutWithOutcome() {
  useGoogleSignInOutcome();
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

const routes = [
  {
    element: <LayoutWithOutcome />,
    children: [
      { path: '/', element: <p>Home page</p> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/myallreviews', element: <p>My reviews page</p> },
    ],
  },
];

describe('useGoogleSignInOutcome', () => {
  afterEach(() => sessionStorage.clear());

  it("says 'Google Log in Successful' and returns to the page the sign-in started from", async () => {
    rememberGoogleReturnPath('/myallreviews');
    const { router } = renderRoutes(routes, '/?login=google', {
      preloadedState: { auth: { user: gina, loading: false } },
    });

    expect(await screen.findByText('Google Log in Successful')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/myallreviews');
    expect(screen.getByText('My reviews page')).toBeInTheDocument();
  });

  it('waits for the session check, and reports a failure when it finds no session', async () => {
    const { router, store } = renderRoutes(routes, '/?login=google');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?login=google');
    act(() => {
      store.dispatch(sessionEnded());
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("words the backend's error code as an error toast and drops it from the URL", async () => {
    const { router } = renderRoutes(routes, '/login?error=EMAIL_NEEDS_PASSWORD', {
      preloadedState: { auth: { user: null, loading: false } },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists; log in with your password.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('never shows text of its own from the URL', async () => {
    renderRoutes(routes, `/login?error=${encodeURIComponent('Call 555-0100 to unlock')}`, {
      preloadedState: { auth: { user: null, loading: false } },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed.');
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
  });
});
