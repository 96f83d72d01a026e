import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, pageOf, stubApi } from '../../test/stubApi';
import { pasteInto } from '../../test/pasteInto';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview, ann } from '../../test/reviewFixtures';
import { Toaster } from '../../toasts/Toaster';
import { ModerationPage } from './ModerationPage';

const flagged = aReview({
  details: 'You absolute idiots lost my parcel',
  status: 'flagged',
  moderationReasons: ['PROFANITY', 'ALL_CAPS'],
  email: ann.email,
});
const approvePath = `/api/admin/reviews/${flagged._id}/approve`;
const rejectPath = `/api/admin/reviews/${flagged._id}/reject`;

function renderQueue(decisions: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/admin/moderation': pageOf([flagged]),
    ...decisions,
  });
  // In a router: reviewers' names link to their profiles.
  renderRoutes(
    [
      {
        path: '/admin/moderation',
        element: (
          <>
            <ModerationPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/admin/moderation',
  );
  return calls;
}

describe('moderation queue', () => {
  it("shows each flagged review's text and why it was flagged", async () => {
    renderQueue();
    const card = await screen.findByRole('article', { name: 'Review by Ann Author' });
    expect(card).toHaveTextContent('You absolute idiots lost my parcel');
    expect(card).toHaveTextContent('Flagged for: Offensive language, Written in capital letters');
  });

  it('approves a review', async () => {
    const calls = renderQueue({
      [`POST ${approvePath}`]: () => Response.json({ success: true, status: 'published' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Review approved');
    expect(callsTo(calls, `POST ${approvePath}`)).toHaveLength(1);
    // The decision invalidates the queue, which is fetched again.
    expect(callsTo(calls, 'GET /api/admin/moderation').length).toBeGreaterThan(1);
  });

  it('rejects a review with the reason the author will see', async () => {
    const calls = renderQueue({
      [`POST ${rejectPath}`]: () => Response.json({ success: true, status: 'rejected' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this review?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(callsTo(calls, `POST ${rejectPath}`)).toHaveLength(0);

    await pasteInto(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Insults');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Review rejected');
    expect(await callsTo(calls, `POST ${rejectPath}`)[0]?.json()).toEqual({ reason: 'Insults' });
  });

  it("shows the server's sentence when a decision fails", async () => {
    renderQueue({
      [`POST ${approvePath}`]: apiError(409, 'This review is already published.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This review is already published.');
  });
});
