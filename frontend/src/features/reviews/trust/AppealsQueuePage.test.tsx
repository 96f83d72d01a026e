import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, pageOf, stubApi } from '../../../test/stubApi';
import { renderRoutes } from '../../../test/renderWithProviders';
import { aReview } from '../../../test/reviewFixtures';
import { Toaster } from '../../../toasts/Toaster';
import { AppealsQueuePage } from './AppealsQueuePage';

const appealed = aReview({
  status: 'rejected',
  serviceTitle: 'Harbour Couriers',
  appeal: {
    decisionId: 'd1',
    text: 'It was my parcel.',
    at: '2026-03-02T10:00:00.000Z',
    status: 'open',
  },
});
const decidePath = `/api/admin/reviews/${appealed._id}/appeal/decide`;

// The first dialog a file opens takes seconds to mount on a loaded machine.
describe('the appeals queue', { timeout: 15_000 }, () => {
  it('keeps a decision only once confirmed, with a note for the author', async () => {
    const calls = stubApi({
      'GET /api/admin/appeals': pageOf([appealed]),
      [`POST ${decidePath}`]: () => Response.json({ success: true, status: 'rejected' }),
    });
    renderRoutes(
      [
        {
          path: '/admin/appeals',
          element: (
            <>
              <AppealsQueuePage />
              <Toaster />
            </>
          ),
        },
      ],
      '/admin/appeals',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Keep decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep the decision?' });
    expect(callsTo(calls, `POST ${decidePath}`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No tracking.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep decision' }));
    expect(await screen.findByText('Decision kept')).toBeVisible();
    const [request] = callsTo(calls, `POST ${decidePath}`);
    expect(await request.json()).toEqual({ outcome: 'keep', note: 'No tracking.' });
  });
});
