import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { ann } from '../../test/reviewFixtures';
import { serviceFixture } from '../../test/serviceFixture';
import { CLAIMED_MEANING, ClaimMark, UNCLAIMED_MEANING } from './ClaimMark';
import { ServiceContact } from './ServiceContact';

const website = 'https://www.fastcourier.example';

function renderMark(service = serviceFixture(), signedIn = true) {
  renderRoutes(
    [
      {
        path: '/services/:id',
        element: (
          <>
            <ClaimMark service={service} />
            <ServiceContact service={service} />
          </>
        ),
      },
    ],
    `/services/${service._id}`,
    { preloadedState: { auth: { user: signedIn ? ann : null, loading: false } } },
  );
}

describe('ClaimMark and ServiceContact', () => {
  it('marks a claimed service, saying what it means, and links its website without following it', async () => {
    renderMark(
      serviceFixture({
        website,
        contactEmail: 'desk@fastcourier.example',
        contactPhone: '+44 20 7946 0000',
        claimedAt: '2026-11-29T10:00:00.000Z',
        permissions: { review: true, reply: false, invite: false, edit: false, claim: false },
      }),
    );
    const mark = screen.getByText('Claimed');
    expect(mark.closest('[tabindex]')).toHaveAccessibleDescription(CLAIMED_MEANING);
    await userEvent.hover(mark);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CLAIMED_MEANING);
    expect(screen.queryByRole('link', { name: 'Claim it' })).toBeNull();

    const link = screen.getByRole('link', { name: website });
    expect(link).toHaveAttribute('href', website);
    expect(link).toHaveAttribute('rel', 'nofollow noopener');
    expect(screen.getByRole('link', { name: 'desk@fastcourier.example' })).toHaveAttribute(
      'href',
      'mailto:desk@fastcourier.example',
    );
    expect(screen.getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
      'href',
      'tel:+442079460000',
    );
  });

  it('offers a signed-in user to claim an unclaimed service with a website', () => {
    const service = serviceFixture({
      website,
      permissions: { review: true, reply: false, invite: false, edit: false, claim: true },
    });
    renderMark(service);
    expect(screen.getByText('Unclaimed').closest('[tabindex]')).toHaveAccessibleDescription(
      UNCLAIMED_MEANING,
    );
    expect(screen.getByText(/Is this your business\?/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Claim it' })).toHaveAttribute(
      'href',
      `/services/${service._id}/claim`,
    );
  });

  it('offers no claim to a visitor, and shows no contact list when there is none', () => {
    renderMark(
      serviceFixture({
        permissions: { review: true, reply: false, invite: false, edit: false, claim: true },
      }),
      false,
    );
    expect(screen.getByText('Unclaimed')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Claim it' })).toBeNull();
    expect(screen.queryByRole('term')).toBeNull();
  });
});
