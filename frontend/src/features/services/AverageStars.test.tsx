import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AverageStars } from './AverageStars';

/** The gold stars' layer is as wide as the share of five stars the average reaches. */
const filledWidth = (label: string) =>
  (screen.getByRole('img', { name: label }).lastElementChild as HTMLElement).style.width;

describe('AverageStars', () => {
  it('fills the stars to the average, a tenth of a star at a time', () => {
    render(<AverageStars average={4.3} count={4} />);
    expect(filledWidth('Rated 4.3 out of 5 from 4 reviews')).toBe('86%');
    expect(screen.getByText('4.3 (4)')).toBeInTheDocument();
  });

  it('shows empty stars before the first review', () => {
    render(<AverageStars average={0} count={0} subject="Speed" />);
    expect(filledWidth('Speed: No reviews yet')).toBe('0%');
  });

  it('draws ten stars, not fifty', () => {
    render(<AverageStars average={2.5} count={2} />);
    expect(screen.getByRole('img', { name: /Rated 2.5/ }).querySelectorAll('svg')).toHaveLength(10);
  });
});
