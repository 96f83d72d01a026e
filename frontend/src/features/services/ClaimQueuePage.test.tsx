import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { Toaster } from '../../toasts/Toaster';
import { ClaimQueuePage } from './ClaimQueuePage';

const claim = {
  serviceId: '65a000000000000000000001',
  serviceTitle: 'Fast Courier',
  website: 'https://www.fastcourier.example',
  userId: '65b000000000000000000002',
  email: 'ops@fastcourier.example',
  status: 'awaiting_approval',
  requestedAt: '2026-11-29T10:00:00.000Z',
  confirmedAt: '2026-11-29T10:05:00.000Z',
};
const decisionPath = `/api/admin/services/${claim.serviceId}/claims/${claim.userId}`;

function renderPage() {
  renderRoutes(
    [
      {
        path: '/admin/claims',
        element: (
          <>
            <ClaimQueuePage />
            <Toaster />
          </>
        ),
      },
    ],
    '/admin/claims',
  );
}

describe('/admin/claims', () => {
  it('shows each confirmed claim, and approves one', async () => {
    const calls = stubApi({
      'GET /api/admin/claims': () => Response.json([claim]),
      [`POST ${decisionPath}/approve`]: () => Response.json({ ...claim, status: 'approved' }),
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Claim of Fast Courier' });
    expect(card).toHaveTextContent('Website: https://www.fastcourier.example');
    expect(card).toHaveTextContent('Confirmed by: ops@fastcourier.example');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Claim approved');
    expect(callsTo(calls, `POST ${decisionPath}/approve`)).toHaveLength(1);
  });

  it('rejects one with the reason typed', async () => {
    const calls = stubApi({
      'GET /api/admin/claims': () => Response.json([claim]),
      [`POST ${decisionPath}/reject`]: () => Response.json({ ...claim, status: 'rejected' }),
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Claim of Fast Courier' });
    fireEvent.change(within(card).getByLabelText('Reason to reject'), {
      target: { value: 'Not the company.' },
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Claim rejected');
    expect(await callsTo(calls, `POST ${decisionPath}/reject`)[0]?.json()).toEqual({
      reason: 'Not the company.',
    });
  });
});
