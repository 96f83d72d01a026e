import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { ServiceClaimPage } from './ServiceClaimPage';

const service = serviceFixture({ website: 'https://www.fastcourier.example' });
const claimPath = `POST /api/services/${service._id}/claims`;
const confirmPath = `POST /api/services/${service._id}/claims/confirm`;
const claim = {
  serviceId: service._id,
  serviceTitle: service.title,
  userId: 'u1',
  email: 'ops@fastcourier.example',
  requestedAt: '2026-11-29T10:00:00.000Z',
  codeExpiresAt: '2026-11-30T10:00:00.000Z',
};

function renderPage(search = '') {
  renderRoutes(
    [{ path: '/services/:id/claim', element: <ServiceClaimPage /> }],
    `/services/${service._id}/claim${search}`,
  );
}

describe('/services/:id/claim', () => {
  it("asks for an address at the website's domain and says the link was e-mailed", async () => {
    const calls = stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      [claimPath]: () =>
        Response.json({ ...claim, status: 'awaiting_confirmation' }, { status: 201 }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: `Claim ${service.title}` })).toBeVisible();
    expect(screen.getByText('fastcourier.example')).toBeVisible();
    fireEvent.change(screen.getByLabelText(/Your e-mail address/), {
      target: { value: 'ops@fastcourier.example' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/We e-mailed a link to ops@fastcourier.example/)).toBeVisible();
    expect(await callsTo(calls, claimPath)[0]?.json()).toEqual({
      email: 'ops@fastcourier.example',
    });
  });

  it("shows the API's sentence when the address is at another domain", async () => {
    stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      [claimPath]: apiError(
        400,
        "The e-mail address must be at fastcourier.example, the domain of the service's website.",
      ),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Your e-mail address/), {
      target: { value: 'ops@gmail.com' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address must be at fastcourier.example',
    );
  });

  it("confirms the claim with the link's code on a click, and says it awaits approval", async () => {
    const calls = stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      [confirmPath]: () => Response.json({ ...claim, status: 'awaiting_approval' }),
    });
    renderPage('?token=abc-123');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the claim' }));
    expect(await screen.findByText(/is confirmed and awaits approval/)).toBeVisible();
    expect(await callsTo(calls, confirmPath)[0]?.json()).toEqual({ token: 'abc-123' });
  });

  it('shows why an expired link is refused', async () => {
    stubApi({
      [`GET /api/services/${service._id}`]: () => Response.json(service),
      [confirmPath]: apiError(
        410,
        'This confirmation link has expired: ask to claim the service again for a new one.',
      ),
    });
    renderPage('?token=old');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm the claim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link has expired',
    );
  });
});
