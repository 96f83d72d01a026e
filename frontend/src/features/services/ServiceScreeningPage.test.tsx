import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { Toaster } from '../../toasts/Toaster';
import { ServiceScreeningPage } from './ServiceScreeningPage';

const held = serviceFixture({
  title: 'X',
  screening: { status: 'pending', reasons: ['JUNK_TITLE'], at: '2026-11-23T10:00:00Z' },
});
const approvePath = `/api/admin/services/${held._id}/approve`;

describe('/admin/services', () => {
  it('shows why each new service was held, and lists one on Approve', async () => {
    const calls = stubApi({
      'GET /api/admin/services/screening': () => Response.json([held]),
      [`POST ${approvePath}`]: () => Response.json({ ...held, screening: undefined }),
    });
    // In a router: the page links the other admin pages.
    renderRoutes(
      [
        {
          path: '/admin/services',
          element: (
            <>
              <ServiceScreeningPage />
              <Toaster />
            </>
          ),
        },
      ],
      '/admin/services',
    );
    const card = await screen.findByRole('article', { name: 'X' });
    expect(card).toHaveTextContent('Held for: The name is too short to be a real service');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service listed');
    expect(callsTo(calls, `POST ${approvePath}`)).toHaveLength(1);
  });
});
