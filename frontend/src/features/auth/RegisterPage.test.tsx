import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { callsTo, stubApi, validationError, type ApiAnswer } from '../../test/stubApi';
import { ada, authTestRoutes } from './authTestRoutes';
import { REGISTERED } from './RegisterPage';

function stubRegister(answer: ApiAnswer) {
  return stubApi({
    'GET /api/auth/providers': () => Response.json({ google: true }),
    'POST /api/register': answer,
  });
}

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('RegisterPage', () => {
  it('has name, an e-mail typed field, a masked password, Google sign-up and /login', async () => {
    stubRegister(() => Response.json({}));
    renderRoutes(authTestRoutes, '/register');

    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
  });

  it('goes to the homepage, signed in, once the server acknowledges the account', async () => {
    const fetchMock = stubRegister(() =>
      Response.json(
        { acknowledged: true, insertedId: ada.uid, accessToken: 'token', user: ada },
        { status: 201 },
      ),
    );
    const { router, store } = renderRoutes(authTestRoutes, '/register');

    await fillAndSubmit();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('alert')).toHaveTextContent(REGISTERED);
    expect(store.getState().auth.user).toEqual(ada);
    const [request] = callsTo(fetchMock, 'POST /api/register');
    expect(await request.json()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'secret-pass',
    });
  });

  it('keeps an invitation from the login page: says so, and returns to its review form', async () => {
    stubRegister(() =>
      Response.json(
        { acknowledged: true, insertedId: ada.uid, accessToken: 'token', user: ada },
        { status: 201 },
      ),
    );
    const from = { pathname: '/services/s1', search: '?invitation=tok' };
    const { router } = renderRoutes(authTestRoutes, { pathname: '/login', state: { from } });
    const notice =
      'Sign in or register to write the review you were invited to: it will carry the Verified customer label.';
    expect(screen.getByRole('note')).toHaveTextContent(notice);

    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(notice);
    await fillAndSubmit();

    expect(await screen.findByText('Service page')).toBeInTheDocument();
    expect(router.state.location).toMatchObject(from);
  });

  it("shows the server's message and stays when the e-mail is taken", async () => {
    stubRegister(() =>
      Response.json({ error: 'An account with this e-mail already exists.' }, { status: 409 }),
    );
    const { router } = renderRoutes(authTestRoutes, '/register');

    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists.',
    );
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows the password rule while typing', async () => {
    stubRegister(() => Response.json({}));
    renderRoutes(authTestRoutes, '/register');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 8 characters (8 more).');
    await userEvent.type(password, 'secret');
    expect(password).toHaveAccessibleDescription('At least 8 characters (2 more).');
    await userEvent.type(password, '-pass');
    expect(password).toHaveAccessibleDescription('At least 8 characters: done.');
  });

  it("shows the server's field errors under their fields, not as one banner", async () => {
    stubRegister(validationError({ field: 'email', message: 'email must be an e-mail address' }));
    renderRoutes(authTestRoutes, '/register');
    await fillAndSubmit();

    // The field is there before the answer: wait for the error the answer puts under it.
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
        'Email must be an e-mail address.',
      ),
    );
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
