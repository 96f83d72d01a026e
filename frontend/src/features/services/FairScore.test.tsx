import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FairScore } from './FairScore';

const score = { value: 4.127, priorMean: 3.86, priorWeight: 5, halfLifeDays: 365 };

describe('FairScore', () => {
  it('shows the score, and explains it behind an accessible disclosure', async () => {
    renderWithProviders(<FairScore score={score} />);
    expect(screen.getByText('Score: 4.13 / 5')).toBeVisible();
    const how = screen.getByRole('button', { name: 'How is this calculated?' });
    expect(how).toHaveAttribute('aria-expanded', 'false');
    const note = document.getElementById(how.getAttribute('aria-controls')!);
    expect(note).not.toBeVisible();

    await userEvent.click(how);
    expect(how).toHaveAttribute('aria-expanded', 'true');
    expect(note).toBeVisible();
    expect(note).toHaveTextContent('a review loses half its weight every year');
    expect(note).toHaveTextContent('(3.86 stars), counted as 5 reviews');

    await userEvent.click(how);
    expect(how).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nobody has rated the service yet', () => {
    renderWithProviders(<FairScore score={{ ...score, value: null, halfLifeDays: 90 }} />);
    expect(screen.getByText('Score: not rated yet')).toBeVisible();
  });
});
