import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, pageOf, stubApi } from '../../test/stubApi';
import { pasteInto } from '../../test/pasteInto';
import { renderRoutes } from '../../test/renderWithProviders';
import { bob } from '../../test/reviewFixtures';
import { ServiceReviews } from './ServiceReviews';

const serviceId = '665f1c2ab4d3e8a1f0c9d123';

describe('a review through an invitation link', () => {
  it('says it will carry the label, and sends the invitation with the review', async () => {
    const calls = stubApi({
      'GET /api/reviews': pageOf([]),
      'GET /api/myreviews': pageOf([]),
      'POST /api/addreviews': () =>
        Response.json({ acknowledged: true, insertedId: 'r1' }, { status: 201 }),
    });
    renderRoutes(
      [
        {
          path: '/services/:id',
          element: (
            <ServiceReviews serviceId={serviceId} serviceTitle="Harbour Bikes" ownService={false} />
          ),
        },
      ],
      `/services/${serviceId}?invitation=tok123`,
      { preloadedState: { auth: { user: bob, loading: false } } },
    );
    const form = await screen.findByRole('form', { name: 'Add Your Review' });
    expect(
      within(form).getByText(
        'The business invited you: your review will carry the Verified customer label.',
      ),
    ).toBeVisible();
    await pasteInto(within(form).getByRole('textbox', { name: 'Review' }), 'Quick and careful.');
    fireEvent.click(
      within(within(form).getByRole('group', { name: 'Rating' })).getByRole('radio', {
        name: '5 Stars',
      }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add Review' }));
    const [request] = callsTo(calls, 'POST /api/addreviews');
    expect(await request.json()).toMatchObject({ service: serviceId, invitation: 'tok123' });
  });
});
