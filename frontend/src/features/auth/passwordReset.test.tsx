import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { apiError, callsTo, stubApi, validationError } from '../../test/stubApi';
import { Toaster } from '../../toasts/Toaster';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const SENT =
  'If an account uses this e-mail address, we have sent it a link to choose a new password.';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  {
    path: '/reset-password',
    element: (
      <>
        <ResetPasswordPage />
        <Toaster />
      </>
    ),
  },
  { path: '/login', element: <p>Login page</p> },
];

describe('ForgotPasswordPage', () => {
  it('asks for the address and shows the answer, the same for any address', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/password-reset': () => Response.json({ success: true, message: SENT }),
    });
    renderRoutes(routes, '/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password?' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    const [request] = callsTo(fetchMock, 'POST /api/auth/password-reset');
    expect(await request.json()).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's sentence when the request is refused", async () => {
    stubApi({
      'POST /api/auth/password-reset': apiError(429, 'Too many attempts for this address.'),
    });
    renderRoutes(routes, '/forgot-password');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts for this address.',
    );
  });
});

describe('ResetPasswordPage', () => {
  it("sends the link's token with the new password, then goes to /login", async () => {
    const fetchMock = stubApi({
      'POST /api/auth/password-reset/confirm': () =>
        Response.json({
          success: true,
          message: 'Your password was changed; please log in with it.',
        }),
    });
    renderRoutes(routes, '/reset-password?token=tok-123');
    await userEvent.type(screen.getByLabelText('New password'), 'a new password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('Login page')).toBeVisible();
    const [request] = callsTo(fetchMock, 'POST /api/auth/password-reset/confirm');
    expect(await request.json()).toEqual({ token: 'tok-123', password: 'a new password' });
  });

  it('shows the password rule while typing, and what the server refused under the field', async () => {
    stubApi({
      'POST /api/auth/password-reset/confirm': validationError({
        field: 'password',
        message: 'password must be 8 to 128 characters long',
      }),
    });
    renderRoutes(routes, '/reset-password?token=tok-123');
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters (8 more). You will be signed out everywhere.',
    );
    await userEvent.type(password, 'short');
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters (3 more). You will be signed out everywhere.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    await vi.waitFor(() =>
      expect(password).toHaveAccessibleDescription('Password must be 8 to 128 characters long.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the link has no token', () => {
    stubApi({});
    renderRoutes(routes, '/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });
});
