import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, pageOf, searchParamsOf, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { ServicesPage } from './ServicesPage';

const catalogue = [
  serviceFixture({ _id: 's1', title: 'Moving Van', category_id: 'moving' }),
  serviceFixture({ _id: 's2', title: 'Cold Chain', category_id: 'food' }),
  serviceFixture({ _id: 's3', title: 'Night Parcel', category_id: 'courier' }),
];

/** GET /api/services answers one page of 12 in all; GET /api/categories the catalogue's categories. */
const answerServices = () =>
  stubApi({
    'GET /api/services': pageOf(catalogue.slice(0, 2), 12),
    'GET /api/categories': () =>
      Response.json(
        ['courier', 'food', 'moving'].map((category_id) => ({ category_id, count: 1 })),
      ),
  });

/** The query strings of the page requests, in order. */
const pageRequests = (fetchMock: ReturnType<typeof stubApi>) =>
  callsTo(fetchMock, 'GET /api/services')
    .map(searchParamsOf)
    .map((params) => Object.fromEntries(params));

/** Picks `option` from the MUI select labelled `label` (it opens on mouse down). */
function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

const renderPage = (path: string) =>
  renderRoutes([{ path: '/services', element: <ServicesPage /> }], path);

describe('ServicesPage', () => {
  it('asks for the page, search, category and sort the URL names, and shows the total', async () => {
    const fetchMock = answerServices();
    renderPage('/services?q=van&category=moving&sort=price_asc&page=2');

    expect(await screen.findByText('12 services')).toBeVisible();
    expect(pageRequests(fetchMock)).toEqual([
      { limit: '9', offset: '9', sort: 'price_asc', q: 'van', category: 'moving' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search services' })).toHaveValue('van');
    expect(screen.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(screen.getByRole('list', { name: 'Services' })).getAllByRole('article'),
    ).toHaveLength(2);
  });

  it('offers the categories in use and puts the choice in the URL', async () => {
    answerServices();
    const { router } = renderPage('/services?page=2');
    await screen.findByText('12 services');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All categories', 'Courier', 'Food', 'Moving']);
    fireEvent.click(screen.getByRole('option', { name: 'Food' }));

    // A new filter starts again at page 1.
    expect(router.state.location.search).toBe('?category=food');
  });

  it('filters by the region the URL names, and puts a chosen region in the URL', async () => {
    const fetchMock = answerServices();
    const { router } = renderPage('/services?category=food&region=west&page=2');
    await screen.findByText('12 services');

    expect(pageRequests(fetchMock)).toEqual([
      { limit: '9', offset: '9', sort: 'newest', category: 'food', region: 'west' },
    ]);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('West');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Region' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All regions',
      'Northeast',
      'Southeast',
      'Midwest',
      'Southwest',
      'West',
      'Nationwide',
      'International',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Midwest' }));
    // Combined with the category; a new filter starts again at page 1.
    expect(router.state.location.search).toBe('?category=food&region=midwest');
    await waitFor(() =>
      expect(pageRequests(fetchMock).at(-1)).toMatchObject({ region: 'midwest', offset: '0' }),
    );

    choose('Region', 'All regions');
    expect(router.state.location.search).toBe('?category=food');
  });

  it('an unknown region in the URL lists every region', async () => {
    const fetchMock = answerServices();
    renderPage('/services?region=moon');
    await screen.findByText('12 services');
    expect(pageRequests(fetchMock)[0]).not.toHaveProperty('region');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('All regions');
  });

  it('shows the regions each service serves on its card', async () => {
    stubApi({
      'GET /api/services': pageOf(
        [serviceFixture({ _id: 's9', title: 'Van', regions: ['west', 'nationwide'] })],
        1,
      ),
      'GET /api/categories': () => Response.json([]),
    });
    renderPage('/services');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Serves: West, Nationwide')).toBeVisible();
  });

  it('sorts through the URL, starting again at page 1', async () => {
    answerServices();
    const { router } = renderPage('/services?page=2');
    await screen.findByText('12 services');

    choose('Sort by', 'Price: high to low');
    expect(router.state.location.search).toBe('?sort=price_desc');
  });

  it('pages with the pagination, scrolling to the top of the list; Back restores the page before', async () => {
    const fetchMock = answerServices();
    const { router } = renderPage('/services?sort=price_desc');
    await screen.findByText('12 services');

    const scrolledTo: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(router.state.location.search).toBe('?sort=price_desc&page=2');
    // The new page starts at the top of the results, not at the page links.
    expect(scrolledTo).toHaveLength(1);
    expect(scrolledTo[0]).toContainElement(screen.getByRole('status'));
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView'); // jsdom has none
    await waitFor(() =>
      expect(pageRequests(fetchMock).at(-1)).toMatchObject({ offset: '9', sort: 'price_desc' }),
    );

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?sort=price_desc');
    expect(screen.getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches once typing pauses, replacing rather than stacking history entries', async () => {
    const fetchMock = answerServices();
    const { router } = renderPage('/services?sort=oldest');
    await screen.findByText('12 services');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search services' }), 'cold');

    await waitFor(() => expect(router.state.location.search).toBe('?q=cold&sort=oldest'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(pageRequests(fetchMock).at(-1)).toMatchObject({ q: 'cold' }));
    // Only the settled text was searched for, not every keystroke.
    expect(pageRequests(fetchMock).map((request) => request.q)).toEqual([undefined, 'cold']);
  });

  it('a search that settles after another change keeps that change', async () => {
    answerServices();
    const { router } = renderPage('/services');
    await screen.findByText('12 services');

    // The category is chosen while the search still waits for typing to pause.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search services' }), {
      target: { value: 'cold' },
    });
    choose('Category', 'Food');
    expect(router.state.location.search).toBe('?category=food');

    await waitFor(() => expect(router.state.location.search).toBe('?q=cold&category=food'));
  });

  it('on a page past the end says so, with a link to the last page, never a count beside "no results"', async () => {
    stubApi({ 'GET /api/services': pageOf([], 23) });
    const { router } = renderPage('/services?q=van&page=99');

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Page 99 is past the end: the 23 services fill 3 pages.');
    expect(screen.queryByText('No services match your search.')).toBeNull();
    expect(screen.queryByText('23 services')).toBeNull();

    fireEvent.click(within(notice).getByRole('link', { name: 'Go to page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=van&page=3'));
  });

  it('with nothing found says so, and counts none', async () => {
    stubApi({ 'GET /api/services': pageOf([], 0) });
    renderPage('/services?q=zzz');
    expect(await screen.findByText('No services match your search.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('0 services');
  });
});
