import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceAlertDto } from '../../lib/api/client';
import { callsTo, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { Toaster } from '../../toasts/Toaster';
import { ServiceAlertsPage } from './ServiceAlertsPage';

const alert: ServiceAlertDto = {
  _id: '65a000000000000000000001:2026-11-30T01:00:00.000Z',
  serviceId: '65a000000000000000000001',
  serviceTitle: 'Overnight Parcel Express',
  openedAt: '2026-11-30T01:00:00.000Z',
  open: true,
  direction: 'low',
  reviews: 9,
  extreme: 8,
  signs: ['new-accounts', 'few-networks'],
};
const closePath = `/api/admin/services/${alert.serviceId}/alerts/close`;

function renderPage() {
  renderRoutes(
    [
      {
        path: '/admin/alerts',
        element: (
          <>
            <ServiceAlertsPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/admin/alerts',
  );
}

describe('/admin/alerts', () => {
  it('lists each open alert with what the rule saw, and closes one', async () => {
    let open = [alert];
    const calls = stubApi({
      'GET /api/admin/services/alerts': () => Response.json(open),
      [`POST ${closePath}`]: () => {
        open = [];
        return Response.json({ ...alert, open: false, closedAt: '2026-11-30T02:00:00.000Z' });
      },
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Overnight Parcel Express' });
    expect(card).toHaveTextContent(
      '8 of 9 reviews at 1–2 stars, mostly from new accounts and few networks',
    );
    expect(within(card).getByRole('link', { name: 'Overnight Parcel Express' })).toHaveAttribute(
      'href',
      `/services/${alert.serviceId}`,
    );
    expect(within(card).getByRole('link', { name: 'flagged reviews' })).toHaveAttribute(
      'href',
      '/admin/moderation',
    );

    await userEvent.click(
      within(card).getByRole('button', { name: 'Close the alert on Overnight Parcel Express' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Alert closed: new reviews publish again',
    );
    expect(callsTo(calls, `POST ${closePath}`)).toHaveLength(1);
    expect(await screen.findByText('No service has an open alert.')).toBeVisible();
  });

  it("says the server's sentence when the alert was closed meanwhile", async () => {
    stubApi({
      'GET /api/admin/services/alerts': () => Response.json([{ ...alert, direction: 'high' }]),
      [`POST ${closePath}`]: () =>
        Response.json(
          { statusCode: 404, code: 'NO_OPEN_ALERT', error: 'This service has no open alert.' },
          { status: 404 },
        ),
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Overnight Parcel Express' });
    expect(card).toHaveTextContent('8 of 9 reviews at 5 stars');
    await userEvent.click(within(card).getByRole('button', { name: /^Close the alert/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This service has no open alert.');
  });
});
