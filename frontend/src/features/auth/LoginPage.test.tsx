import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoginRedirectState } from '../../auth/guards';
import { renderRoutes } from '../../test/renderWithProviders';
import { callsTo, stubApi } from '../../test/stubApi';
import { ada, authTestRoutes } from './authTestRoutes';

const sentFromMyReviews: LoginRedirectState = { from: { pathname: '/myallreviews' } };

function stubLogin(answer: () => Response) {
  return stubApi({
    'GET /api/auth/providers': () => Response.json({ google: false }),
    'POST /api/auth/login': answer,
  });
}

async function fillAndSubmit(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('has an e-mail field, a masked password, Forgot Password?, Google and /register', async () => {
    stubLogin(() => Response.json({}));
    renderRoutes(authTestRoutes, '/login');

    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it("says 'User Logged In', clears the form and returns to the page the user came from", async () => {
    const fetchMock = stubLogin(() => Response.json({ accessToken: 'token', user: ada }));
    const { router, store } = renderRoutes(authTestRoutes, {
      pathname: '/login',
      state: sentFromMyReviews,
    });
    const email = screen.getByLabelText<HTMLInputElement>('E-mail');
    const password = screen.getByLabelText<HTMLInputElement>('Password');

    await fillAndSubmit('ada@example.com', 'secret-pass');

    expect(await screen.findByText('User Logged In')).toBeInTheDocument();
    expect(screen.getByText('My reviews page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/myallreviews');
    expect([email.value, password.value]).toEqual(['', '']);
    expect(store.getState().auth.user).toEqual(ada);
    const [login] = callsTo(fetchMock, 'POST /api/auth/login');
    expect(await login.json()).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
  });

  it('goes to the homepage when the user was not sent from anywhere', async () => {
    stubLogin(() => Response.json({ accessToken: 'token', user: ada }));
    const { router } = renderRoutes(authTestRoutes, '/login');

    await fillAndSubmit('ada@example.com', 'secret-pass');

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("stays on the page with the server's message and the typed e-mail on failure", async () => {
    stubLogin(() => Response.json({ error: 'Wrong e-mail or password.' }, { status: 401 }));
    const { router } = renderRoutes(authTestRoutes, '/login');

    await fillAndSubmit('ada@example.com', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    expect(screen.queryByText('User Logged In')).not.toBeInTheDocument();
  });

  it('sends a signed-in user on to the homepage', () => {
    stubLogin(() => Response.json({}));
    renderRoutes(authTestRoutes, '/login', {
      preloadedState: { auth: { user: ada, loading: false } },
    });
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });
});
