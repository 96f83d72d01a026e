import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { InvitationPage } from './InvitationPage';

const token = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD';

function renderPage() {
  renderRoutes(
    [{ path: '/invitations/:token', element: <InvitationPage /> }],
    `/invitations/${token}`,
  );
}

const invitation = (state: 'open' | 'used' | 'expired') => () =>
  Response.json({
    serviceId: '665f1c2ab4d3e8a1f0c9d123',
    serviceTitle: 'Harbour Bikes',
    expiresAt: '2026-12-31T00:00:00.000Z',
    state,
  });

describe('/invitations/:token', () => {
  it('opens the review form of the invited service, carrying the token', async () => {
    stubApi({ [`GET /api/invitations/${token}`]: invitation('open') });
    renderPage();
    expect(await screen.findByText(/Harbour Bikes invites you to review/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Your invitation to review',
    );
    expect(screen.getByRole('link', { name: 'Write your review' })).toHaveAttribute(
      'href',
      `/services/665f1c2ab4d3e8a1f0c9d123?invitation=${token}`,
    );
  });

  it('says when the link was used or has expired, without a form', async () => {
    stubApi({ [`GET /api/invitations/${token}`]: invitation('used') });
    renderPage();
    expect(await screen.findByText(/was used already/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Write your review' })).toBeNull();
  });

  it('shows the server’s sentence for a link that is not valid', async () => {
    stubApi({
      [`GET /api/invitations/${token}`]: apiError(
        404,
        'This invitation link is not valid: check that it was copied whole.',
      ),
    });
    renderPage();
    expect(
      await screen.findByText('This invitation link is not valid: check that it was copied whole.'),
    ).toBeVisible();
  });
});
