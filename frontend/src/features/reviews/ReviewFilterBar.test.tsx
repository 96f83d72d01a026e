import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, pageOf, searchParamsOf, stubApi, type ApiAnswer } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview } from '../../test/reviewFixtures';
import { serviceFixture } from '../../test/serviceFixture';
import { ServiceReviewList } from './ServiceReviewList';

const service = serviceFixture({ _id: '665f1c2ab4d3e8a1f0c9d123' });

/** Answers one review whose text names the filters it was asked for (none: "every review"). */
const echoingFilters: ApiAnswer = (request) => {
  const asked = new URL(request.url).searchParams;
  for (const param of ['service', 'sort', 'limit', 'offset']) asked.delete(param);
  const details = `Listed for ${asked.toString() || 'every review'}`;
  return pageOf([aReview({ details })])(request, undefined);
};

function renderList(path: string, reviews: ApiAnswer = pageOf([aReview()], 25)) {
  const calls = stubApi({
    [`GET /api/services/${service._id}`]: () => Response.json(service),
    'GET /api/reviews': reviews,
  });
  const { router } = renderRoutes(
    [{ path: '/', element: <ServiceReviewList serviceId={service._id} /> }],
    path,
    { preloadedState: { auth: { user: null, loading: false } } },
  );
  const lastRequest = () => searchParamsOf(callsTo(calls, 'GET /api/reviews').at(-1));
  return { router, lastRequest };
}

describe("the filters of a service's reviews", () => {
  it('"With replies" and "Verified customers" switch on and off, in the address and the request', async () => {
    const { router, lastRequest } = renderList('/?stars=1');
    const replies = await screen.findByRole('button', { name: 'With replies' });
    expect(replies).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(replies);
    await userEvent.click(screen.getByRole('button', { name: 'Verified customers' }));
    expect(screen.getByRole('button', { name: 'With replies' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('?stars=1&replied=1&verified=1');
    expect(Object.fromEntries(lastRequest())).toMatchObject({
      rating: '1',
      replied: 'true',
      verified: 'true',
    });

    await userEvent.click(screen.getByRole('button', { name: 'With replies' }));
    expect(router.state.location.search).toBe('?stars=1&verified=1');
    expect(lastRequest().get('replied')).toBeNull();
  });

  it('the search box searches within the reviews on Enter, and emptying it ends the search', async () => {
    const { router } = renderList('/', echoingFilters);
    const box = await screen.findByRole('searchbox', { name: 'Search reviews' });
    await userEvent.type(box, '  late {Enter}');
    expect(router.state.location.search).toBe('?q=late');
    expect(await screen.findByText('Listed for q=late')).toBeVisible();

    await userEvent.clear(box);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Listed for every review')).toBeVisible();
  });

  it('starts from a shared address, and the back button returns to the filters before', async () => {
    const { router } = renderList('/?stars=2,1&replied=1&q=late', echoingFilters);
    expect(await screen.findByRole('searchbox', { name: 'Search reviews' })).toHaveValue('late');
    expect(screen.getByRole('button', { name: 'With replies' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const asked = 'Listed for q=late&rating=1%2C2&replied=true';
    expect(await screen.findByText(asked)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Verified customers' }));
    expect(await screen.findByText(`${asked}&verified=true`)).toBeVisible();
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?stars=2,1&replied=1&q=late');
    expect(
      await screen.findByRole('button', { name: 'Verified customers', pressed: false }),
    ).toBeInTheDocument();
    expect(await screen.findByText(asked)).toBeVisible();
  });

  it('changing a filter goes back to page 1', async () => {
    const { lastRequest } = renderList('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));
    expect(lastRequest().get('offset')).toBe('20');

    await userEvent.click(screen.getByRole('button', { name: 'Verified customers' }));
    expect(lastRequest().get('offset')).toBe('0');
    expect(lastRequest().get('verified')).toBe('true');
  });

  it('an empty filtered list says which filters matched nothing, and clears them', async () => {
    const { router } = renderList('/?stars=1,2&replied=1&q=late', pageOf([], 0));
    expect(
      await screen.findByText(
        /No reviews match these filters: 1 or 2 stars, with replies, holding “late”\./,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show all reviews' }));
    expect(router.state.location.search).toBe('');
    expect(
      await screen.findByText('No reviews yet. Be the first to review this service.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('"Clear filters" lists every review again, other parameters kept', async () => {
    const { router, lastRequest } = renderList('/?invitation=tok&verified=1&stars=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?invitation=tok');
    expect(lastRequest().get('verified')).toBeNull();
    expect(lastRequest().get('rating')).toBeNull();
  });
});
