import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '../components/PageLoading';
import { renderRoutes } from '../test/renderWithProviders';
import { RouteErrorPage } from './RouteErrorPage';
import { appRoutes } from './router';

describe('app routes', () => {
  it('renders the home page inside the layout at /', async () => {
    renderRoutes(appRoutes, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('renders the 404 page inside the layout for an unknown path, linking home', async () => {
    const { router } = renderRoutes(appRoutes, '/no-such-page');

    expect(await screen.findByText("Sorry, we couldn't find this page.")).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('All Rights Rreserved');

    await userEvent.click(screen.getByRole('link', { name: 'Back to homepage' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the route error page with the error message when a route fails', async () => {
    const failingRoutes = [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        HydrateFallback: PageLoading,
        loader: () => {
          throw new Error('The service list could not be loaded');
        },
        element: <p>never shown</p>,
      },
    ];
    renderRoutes(failingRoutes, '/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeVisible();
    expect(screen.getByText('The service list could not be loaded')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });
});
