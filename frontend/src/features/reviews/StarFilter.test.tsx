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

describe('the star filter', () => {
  it('lists every number of stars with its count, and filters the list by it', async () => {
    const calls = stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      'GET /api/reviews': pageOf([aReview({ rating: 5 })], 3),
    });
    const { router } = renderRoutes(
      [{ path: '/', element: <ServiceReviewList serviceId={service._id} /> }],
      '/',
      { preloadedState: { auth: { user: null, loading: false } } },
    );

    await userEvent.click(await screen.findByRole('combobox', { name: 'Stars' }));
    expect(searchParamsOf(callsTo(calls, 'GET /api/reviews')[0]).get('rating')).toBeNull();
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All stars (7)',
      '5 stars (3)',
      '4 stars (1)',
      '3 stars (0)',
      '2 stars (1)',
      '1 star (2)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '5 stars (3)' }));

    const last = searchParamsOf(callsTo(calls, 'GET /api/reviews').at(-1));
    expect(last.get('rating')).toBe('5');
    expect(last.get('offset')).toBe('0');
    // Kept in the address, to share or come back to.
    expect(router.state.location.search).toBe('?stars=5');
  });

  it('starts from the address: ?stars=2 lists the 2-star reviews', async () => {
    const calls = stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      'GET /api/reviews': pageOf([aReview({ rating: 2 })], 1),
    });
    renderRoutes(
      [{ path: '/', element: <ServiceReviewList serviceId={service._id} /> }],
      '/?stars=2',
      {
        preloadedState: { auth: { user: null, loading: false } },
      },
    );
    expect(await screen.findByRole('combobox', { name: 'Stars' })).toHaveTextContent('2 stars (1)');
    expect(searchParamsOf(callsTo(calls, 'GET /api/reviews')[0]).get('rating')).toBe('2');
  });

  it('says "star" for one', () => {
    expect(starOptionLabel(1, 4)).toBe('1 star (4)');
    expect(starOptionLabel(3, 1)).toBe('3 stars (1)');
  });
});
