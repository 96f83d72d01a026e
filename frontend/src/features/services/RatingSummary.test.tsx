import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { RatingSummary } from './RatingSummary';

const unrated = serviceFixture().rating;

describe('RatingSummary', () => {
  it('shows the average, a bar per star count from 5 to 1, and the criteria averages', () => {
    const rating = {
      ...unrated,
      average: 4.5,
      count: 4,
      distribution: { '5': 2, '4': 2, '3': 0, '2': 0, '1': 0 },
      criteria: { ...unrated.criteria, speed: { average: 4, count: 2 } },
    };
    renderRoutes(
      [{ path: '/services/:id', element: <RatingSummary rating={rating} /> }],
      '/services/s1?invitation=tok',
    );

    // A star count with reviews links to them, the address's other parameters kept.
    expect(screen.getByRole('link', { name: 'Show the 2 reviews with 4 stars' })).toHaveAttribute(
      'href',
      '/services/s1?invitation=tok&stars=4#reviews',
    );
    expect(screen.queryByRole('link', { name: /with 3 stars/ })).not.toBeInTheDocument();

    expect(screen.getByText('4.5')).toBeVisible();
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '5 stars: 2 of 4 reviews',
      '4 stars: 2 of 4 reviews',
      '3 stars: 0 of 4 reviews',
      '2 stars: 0 of 4 reviews',
      '1 star: 0 of 4 reviews',
    ]);
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual([
      '50',
      '50',
      '0',
      '0',
      '0',
    ]);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 4 reviews' })).toBeVisible();
    expect(
      screen.getByRole('img', { name: 'Speed: Rated 4.0 out of 5 from 2 reviews' }),
    ).toBeVisible();
    expect(screen.getByRole('img', { name: 'Tracking: No reviews yet' })).toBeVisible();
  });
});
