import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/renderWithProviders';
import { apiError, callsTo, pageOf, stubApi, type ApiAnswer } from '../test/stubApi';
import { serviceFixture } from '../test/serviceFixture';
import { appRoutes } from './router';

// A failed read is answered at once here: the retries (1 s, 2 s, 4 s) have tests of their own.
vi.mock('../lib/api/retryPolicy', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api/retryPolicy')>()),
  shouldRetryRequest: () => false,
}));

/** What the API answers while its store is wedged (a request past its deadline). */
const TIMED_OUT = 'This request took too long and was stopped; please try again in a few seconds.';
const LAZY_PAGE_WAIT = { timeout: 5_000 };
const blog = { _id: 'b1', title: 'Packing tips', details: 'Wrap.', createdAt: '' };

/** An answer that fails until `heal()` is called, then gives `healthy`'s. */
function failingUntilHealed(healthy: ApiAnswer) {
  let healed = false;
  const answer: ApiAnswer = (request, body) =>
    healed ? healthy(request, body) : apiError(503, TIMED_OUT)(request, body);
  return { answer, heal: () => (healed = true) };
}

/** The layout's header, navigation and footer are on the page. */
function expectLayout() {
  const banner = within(screen.getByRole('banner'));
  expect(banner.getAllByRole('link', { name: 'Home' }).length).toBeGreaterThan(0);
  expect(screen.getByRole('contentinfo')).toHaveTextContent('All Rights Rreserved');
}

describe('pages whose data does not load', () => {
  it("shows the layout and a loading state while a page's data is on its way", async () => {
    stubApi({ 'GET /api/blogs': () => new Promise<Response>(() => undefined) });
    renderRoutes(appRoutes, '/blogs');

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    expectLayout();
  });

  it("titles a page made from data the site's way while its data is on its way", async () => {
    const service = serviceFixture({ _id: 's1' });
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /api/services/s1': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/reviews': pageOf([]),
    });
    renderRoutes(appRoutes, '/services/s1');

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    expect(document.title).toBe('Service Critic');
    answer(Response.json(service));
    await waitFor(() => expect(document.title).toBe(`${service.title} | Service Critic`));
  });

  it("shows the API's sentence inside the layout, and Try again loads the page", async () => {
    const blogs = failingUntilHealed(pageOf([blog]));
    const fetchMock = stubApi({ 'GET /api/blogs': blogs.answer });
    renderRoutes(appRoutes, '/blogs');

    expect(await screen.findByText(TIMED_OUT, {}, LAZY_PAGE_WAIT)).toBeVisible();
    expectLayout();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This page could not be loaded',
    );

    blogs.heal();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Packing tips' }, LAZY_PAGE_WAIT),
    ).toBeVisible();
    expect(screen.queryByText(TIMED_OUT)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/blogs')).toHaveLength(2);
  });

  it('shows a service that failed to load as the same sentence and Try again', async () => {
    const service = serviceFixture({ _id: 's1' });
    const answer = failingUntilHealed(() => Response.json(service));
    stubApi({ 'GET /api/services/s1': answer.answer, 'GET /api/reviews': pageOf([]) });
    renderRoutes(appRoutes, '/services/s1');

    expect(await screen.findByText(TIMED_OUT, {}, LAZY_PAGE_WAIT)).toBeVisible();
    expectLayout();

    answer.heal();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: service.title }, LAZY_PAGE_WAIT),
    ).toBeVisible();
  });

  it('shows a list that failed to load (/services) as the same sentence and Try again', async () => {
    const services = failingUntilHealed(pageOf([serviceFixture({ _id: 's1' })]));
    stubApi({
      'GET /api/services': services.answer,
      'GET /api/categories': () => Response.json([]),
    });
    renderRoutes(appRoutes, '/services');

    expect(await screen.findByText(TIMED_OUT, {}, LAZY_PAGE_WAIT)).toBeVisible();
    expectLayout();

    services.heal();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Services' })).toBeVisible();
    expect(screen.queryByText(TIMED_OUT)).not.toBeInTheDocument();
  });
});
