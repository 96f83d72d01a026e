import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/stubApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { TransparencyPage } from './TransparencyPage';

describe('/transparency', () => {
  it("shows each month's figures and what each rule did", async () => {
    stubApi({
      'GET /api/transparency': () =>
        Response.json([
          {
            month: '2026-11',
            reviewsWritten: 40,
            fromVerifiedAccounts: 12,
            edits: 3,
            flagged: 5,
            removed: 2,
            restored: 1,
            reportsReceived: 9,
            reportsUpheld: 4,
            reportsDismissed: 2,
            appeals: 2,
            appealsGranted: 1,
            burstAlerts: 1,
            rules: [
              { rule: 'BURST', flagged: 6, confirmed: 4, overturned: 2 },
              { rule: 'PROFANITY', flagged: 4, confirmed: 2, overturned: 1 },
            ],
          },
        ]),
    });
    renderWithProviders(<TransparencyPage />);
    const months = await screen.findByRole('table', { name: 'Moderation per month' });
    const row = within(months).getByRole('row', { name: /2026-11/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '12', '3', '5', '2', '1', '9', '4', '2', '2', '1', '1']);
    const rules = screen.getByRole('table', { name: 'What each rule did in 2026-11' });
    expect(within(rules).getByRole('row', { name: /PROFANITY/ })).toHaveTextContent('PROFANITY421');
    expect(within(rules).getByRole('row', { name: /BURST/ })).toHaveTextContent('BURST642');
  });

  it('says so when there are no figures yet', async () => {
    stubApi({ 'GET /api/transparency': () => Response.json([]) });
    renderWithProviders(<TransparencyPage />);
    expect(await screen.findByText('No figures yet.')).toBeVisible();
  });
});
