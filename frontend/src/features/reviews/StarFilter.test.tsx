import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, pageOf, searchParamsOf, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview } from '../../test/reviewFixtures';
import { serviceFixture } from '../../test/serviceFixture';
import { ServiceReviewList } from './ServiceReviewList';
import { starOptionLabel } from './StarFilter';

const service = serviceFixture({
  _id: '665f1c2ab4d3e8a1f0c9d123',
  rating: {
    ...serviceFixture().rating,
    average: 3.6,
    count: 7,
    distribution: { '1': 2, '2': 1, '3': 0, '4': 1, '5': 3 },
  },
});

function renderList(path: string) {
  const calls = stubApi({
    [`GET /api/services/${service._id}`]: () => Response.json(service),
    'GET /api/reviews': pageOf([aReview({ rating: 5 })], 3),
  });
  const { router } = renderRoutes(
    [{ path: '/', element: <ServiceReviewList serviceId={service._id} /> }],
    path,
    { preloadedState: { auth: { user: null, loading: false } } },
  );
  const lastRequest = () => searchParamsOf(callsTo(calls, 'GET /api/reviews').at(-1));
  return { calls, router, lastRequest };
}

describe('the star filter', () => {
  it('toggles each number of stars with its count; several at once filter the list by any', async () => {
    const { router, lastRequest } = renderList('/');
    const group = await screen.findByRole('group', { name: 'Stars' });
    const toggles = within(group).getAllByRole('button');
    expect(toggles.map((toggle) => toggle.textContent)).toEqual([
      '5 stars (3)',
      '4 stars (1)',
      '3 stars (0)',
      '2 stars (1)',
      '1 star (2)',
    ]);
    expect(toggles.every((toggle) => toggle.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(lastRequest().get('rating')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '2 stars (1)' }));
    await userEvent.click(screen.getByRole('button', { name: '1 star (2)' }));
    expect(screen.getByRole('button', { name: '1 star (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(lastRequest().get('rating')).toBe('1,2');
    expect(lastRequest().get('offset')).toBe('0');
    // Kept in the address, to share or come back to.
    expect(router.state.location.search).toBe('?stars=1,2');

    await userEvent.click(screen.getByRole('button', { name: '2 stars (1)' }));
    expect(router.state.location.search).toBe('?stars=1');
    expect(lastRequest().get('rating')).toBe('1');
  });

  it('starts from the address: ?stars=2,5 lists the 2- and 5-star reviews', async () => {
    const { calls } = renderList('/?stars=2,5');
    expect(await screen.findByRole('button', { name: '5 stars (3)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: '2 stars (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: '4 stars (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(searchParamsOf(callsTo(calls, 'GET /api/reviews')[0]).get('rating')).toBe('2,5');
  });

  it('says "star" for one', () => {
    expect(starOptionLabel(1, 4)).toBe('1 star (4)');
    expect(starOptionLabel(3, 1)).toBe('3 stars (1)');
  });
});
