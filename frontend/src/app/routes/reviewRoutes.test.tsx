import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../auth/authSlice';
import type { LoginRedirectState } from '../../auth/guards';
import { pageOf, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { ann } from '../../test/reviewFixtures';
import { appRoutes } from '../router';

function renderAt(path: string, signedIn: SignedInUser | null, isAdmin = false) {
  const user = signedIn && { ...signedIn, isAdmin };
  stubApi({
    'GET /api/reviews': pageOf([]),
    'GET /api/myreviews': pageOf([]),
  });
  return renderRoutes(appRoutes, path, { preloadedState: { auth: { user, loading: false } } });
}

async function expectSentToLogin(router: ReturnType<typeof renderAt>['router'], from: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect((router.state.location.state as LoginRedirectState).from?.pathname).toBe(from);
}

describe('review and admin routes', () => {
  it('/myallreviews needs a login', async () => {
    const { router } = renderAt('/myallreviews', null);
    await expectSentToLogin(router, '/myallreviews');
  });

  it('/myallreviews shows a signed-in user their reviews', async () => {
    renderAt('/myallreviews', ann);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();
    expect(await screen.findByText('You have not written any reviews yet.')).toBeVisible();
  });

  it.each(['/allreviews', '/admin/moderation', '/admin/audit'])(
    '%s sends a signed-in non-admin through /login to the homepage, with no loop',
    async (path) => {
      const { router } = renderAt(path, ann, false);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Service Critic' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('/allreviews sends a signed-out visitor to log in, and back after', async () => {
    const { router } = renderAt('/allreviews', null);
    await expectSentToLogin(router, '/allreviews');
  });

  it('/allreviews shows an admin every review', async () => {
    renderAt('/allreviews', ann, true);
    expect(await screen.findByRole('heading', { level: 1, name: 'All Reviews' })).toBeVisible();
  });

  it('/update/:id is open to anyone (the server decides)', async () => {
    renderAt('/update/665f1c2ab4d3e8a1f0c9d001', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Update Your Review' }),
    ).toBeVisible();
  });
});
