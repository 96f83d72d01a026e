import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TrendMonthDto } from '../../lib/api/client';
import { showsTrend, TrendChart, trendSummary } from './RatingTrend';

function months(averages: (number | null)[], count = 3): TrendMonthDto[] {
  return averages.map((average, index) => ({
    month: `2026-${String(index + 1).padStart(2, '0')}`,
    count: average === null ? 0 : count,
    average,
  }));
}

describe('the rating trend', () => {
  it('draws a line of the rated months, titled by a sentence of what it shows', () => {
    const trend = months([4, null, 3.5, 4.25]);
    render(<TrendChart months={trend} />);
    const summary =
      'Average stars by month over the last 4 months (9 reviews): 4 in Jan 2026, 4.25 in Apr 2026.';
    expect(screen.getByRole('img', { name: summary })).toBeVisible();
    expect(screen.getByText(summary, { selector: 'figcaption' })).toBeVisible();
    // The month without reviews breaks the line in two.
    expect(document.querySelectorAll('polyline')).toHaveLength(2);
    expect(document.querySelectorAll('circle')).toHaveLength(3);
  });

  it('renders on the server as plain SVG', () => {
    const html = renderToString(<TrendChart months={months([4, 5])} />);
    expect(html).toContain('<svg');
    expect(html).toContain('<title');
    expect(html).not.toContain('<script');
  });

  it('shows nothing with too few reviews or rated months', () => {
    expect(showsTrend(months([4, 5, null], 3))).toBe(true);
    expect(showsTrend(months([4, 5], 2))).toBe(false);
    expect(showsTrend(months([null, 4, null], 9))).toBe(false);
    expect(trendSummary(months([2, 4], 1))).toBe(
      'Average stars by month over the last 2 months (2 reviews): 2 in Jan 2026, 4 in Feb 2026.',
    );
  });
});
