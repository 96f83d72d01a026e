import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '../components/PageLoading';
import { renderRoutes } from '../test/renderWithProviders';
import { callsTo, stubApi } from '../test/stubApi';
import { serviceFixture } from '../test/serviceFixture';
import { aReview } from '../test/reviewFixtures';
import { RouteErrorPage } from '../components/layout/RouteErrorPage';
import { appRoutes } from './router';

/** A page's chunk is imported on first visit, which takes a while in jsdom on a busy machine. */
const LAZY_PAGE_WAIT = { timeout: 5_000 };

describe('app routes', () => {
  it('renders the home page inside the layout at /', async () => {
    stubApi({ 'GET /api/servicelimit': () => Response.json([serviceFixture()]) });
    renderRoutes(appRoutes, '/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Overnight Parcel Express' }, LAZY_PAGE_WAIT),
    ).toBeVisible();
  });

  it('loads the service before rendering /services/:id', async () => {
    const service = serviceFixture({ _id: 's1', details: 'A'.repeat(200) });
    const fetchMock = stubApi({ 'GET /api/services/s1': () => Response.json(service) });
    renderRoutes(appRoutes, '/services/s1');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Overnight Parcel Express' },
        LAZY_PAGE_WAIT,
      ),
    ).toBeVisible();
    expect(screen.getByText(`${'A'.repeat(150)}...`)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Read More' })).toBeVisible();
    expect(callsTo(fetchMock, 'GET /api/services/s1')).toHaveLength(1);
  });

  it('says a service does not exist, inside the layout, when its id is unknown', async () => {
    stubApi({});
    renderRoutes(appRoutes, '/services/nope');

    expect(
      await screen.findByRole(
        'heading',
        { name: "Sorry, we couldn't find this service." },
        LAZY_PAGE_WAIT,
      ),
    ).toBeVisible();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all services' })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  it("renders a review's own page: its heading, card and a way to its service's reviews", async () => {
    const review = aReview({ serviceTitle: 'Same-Day City Courier' });
    stubApi({ [`GET /api/reviews/${review._id}`]: () => Response.json(review) });
    renderRoutes(appRoutes, `/reviews/${review._id}`);

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "Ann Author's review of Same-Day City Courier" },
        LAZY_PAGE_WAIT,
      ),
    ).toBeVisible();
    expect(screen.getByRole('article', { name: 'Review by Ann Author' })).toHaveTextContent(
      review.details,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'All reviews of Same-Day City Courier' }),
    ).toHaveAttribute('href', `/services/${review.service}`);
    expect(document.title).toBe("Ann Author's review of Same-Day City Courier | Service Critic");
  });

  it('says a review does not exist when it is not public', async () => {
    stubApi({});
    renderRoutes(appRoutes, '/reviews/665f1c2ab4d3e8a1f0c9d999');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: "Sorry, we couldn't find this review." },
        LAZY_PAGE_WAIT,
      ),
    ).toBeVisible();
  });

  it('loads the blogs before rendering /blogs, splitting their paragraphs', async () => {
    const blog = { _id: 'b1', title: 'Packing tips', details: 'Wrap.\n\nTape.', createdAt: '' };
    stubApi({ 'GET /api/blogs': () => Response.json([blog]) });
    renderRoutes(appRoutes, '/blogs');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blogs' }, LAZY_PAGE_WAIT),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Packing tips' })).toBeVisible();
    expect(screen.getByText('Wrap.')).toBeVisible();
    expect(screen.getByText('Tape.')).toBeVisible();
  });

  it('renders the 404 page inside the layout for an unknown path, linking home', async () => {
    stubApi({ 'GET /api/servicelimit': () => Response.json([]) });
    const { router } = renderRoutes(appRoutes, '/no-such-page');

    expect(await screen.findByText("Sorry, we couldn't find this page.")).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('All Rights Rreserved');

    await userEvent.click(screen.getByRole('link', { name: 'Back to homepage' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Critic' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('gives each page its own title and description, and changes them on navigation', async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'description' });
    document.head.append(meta);
    const description = () =>
      document.querySelector('meta[name="description"]')?.getAttribute('content');
    const service = serviceFixture({ _id: 's1', details: 'Parcels overnight. '.repeat(20) });
    stubApi({ 'GET /api/services/s1': () => Response.json(service) });
    const { router } = renderRoutes(appRoutes, '/services/s1');

    await waitFor(() => expect(document.title).toBe('Overnight Parcel Express | Service Critic'));
    expect(description()).toBe(`${service.details.slice(0, 155)}...`);

    await act(() => router.navigate('/no-such-page'));
    await waitFor(() => expect(document.title).toBe('Page not found | Service Critic'));

    await act(() => router.navigate('/services/unknown'));
    await waitFor(() => expect(document.title).toBe('Service not found | Service Critic'));
    expect(description()).toContain('read honest reviews');
    meta.remove();
  });

  it.each([
    ['About', 'About Service Critic', 'Nobody pays to be listed', 'About'],
    [
      'Guidelines',
      'Review Guidelines',
      'contains contact details: an e-mail address',
      'Review Guidelines',
    ],
    ['Privacy', 'Privacy', 'There are no advertising or tracking cookies.', 'Privacy'],
    ['Terms', 'Terms of Use', 'You can delete your account at any time', 'Terms of Use'],
  ])('leads from the footer to the %s page', async (link, heading, text, title) => {
    stubApi({ 'GET /api/servicelimit': () => Response.json([]) });
    const { router } = renderRoutes(appRoutes, '/no-such-page');
    const footer = within(await screen.findByRole('contentinfo'));

    await userEvent.click(footer.getByRole('link', { name: link }));
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, LAZY_PAGE_WAIT),
    ).toBeVisible();
    expect(screen.getByText(text, { exact: false })).toBeVisible();
    expect(footer.getByText('All Rights Rreserved')).toBeVisible();
    await waitFor(() => expect(document.title).toBe(`${title} | Service Critic`));
    expect(router.state.location.pathname).toBe(`/${link.toLowerCase()}`);
  });

  it('shows the route error page with the error message and Try again when a route fails', async () => {
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
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByText('The service list could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });
});
