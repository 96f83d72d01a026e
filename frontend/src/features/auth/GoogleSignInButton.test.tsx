import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGoogleSignIn } from '../../auth/googleSignIn';
import type { LoginRedirectState } from '../../auth/guards';
import { renderRoutes } from '../../test/renderWithProviders';
import { stubApi } from '../../test/stubApi';
import { GoogleSignInButton } from './GoogleSignInButton';

// Leaving the page is the browser's job (covered end to end); here we check what is asked for.
vi.mock('../../auth/googleSignIn', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../auth/googleSignIn')>()),
  startGoogleSignIn: vi.fn(),
}));

const routes = [{ path: '/login', element: <GoogleSignInButton label="Sign in with Google" /> }];
const sentFromMyReviews: LoginRedirectState = { from: { pathname: '/myallreviews' } };

describe('GoogleSignInButton', () => {
  afterEach(() => vi.mocked(startGoogleSignIn).mockClear());

  it('starts Google sign-in, remembering where to return, when Google is configured', async () => {
    stubApi({ 'GET /api/auth/providers': () => Response.json({ google: true }) });
    renderRoutes(routes, { pathname: '/login', state: sentFromMyReviews });

    const button = screen.getByRole('button', { name: 'Sign in with Google' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);

    expect(startGoogleSignIn).toHaveBeenCalledWith('/myallreviews');
  });

  it('is disabled with a tooltip saying why when Google is not configured', async () => {
    stubApi({ 'GET /api/auth/providers': () => Response.json({ google: false }) });
    renderRoutes(routes, '/login');

    const wrapper = await screen.findByLabelText('Google sign-in is not configured');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    await userEvent.hover(wrapper);

    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Google sign-in is not configured',
    );
    expect(startGoogleSignIn).not.toHaveBeenCalled();
  });
});
