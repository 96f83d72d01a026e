import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, pageOf, searchParamsOf, stubApi } from '../../test/stubApi';
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
const other = aReview({
  _id: '665f1c2ab4d3e8a1f0c9d002',
  details: 'Call me on 0612345678',
  status: 'flagged',
  moderationReasons: ['CONTACT_DETAILS'],
  reviewUser: 'Bob',
  authorId: '665f1c2ab4d3e8a1f0c9d0b0',
  service: '665f1c2ab4d3e8a1f0c9d124',
  serviceTitle: 'Night Freight',
});
const approvePath = `/api/admin/reviews/${flagged._id}/approve`;
const bulkPath = '/api/admin/reviews/decisions';
const rejectPath = `/api/admin/reviews/${flagged._id}/reject`;

function renderQueue(decisions: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/admin/moderation': pageOf([flagged, other]),
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

// The queue's filters, toolbar and cards render slowly in jsdom on a busy machine.
describe('moderation queue', { timeout: 20_000 }, () => {
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
    const card = await screen.findByRole('article', { name: 'Review by Ann Author' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Review approved');
    expect(callsTo(calls, `POST ${approvePath}`)).toHaveLength(1);
    // The decision invalidates the queue, which is fetched again.
    expect(callsTo(calls, 'GET /api/admin/moderation').length).toBeGreaterThan(1);
  });

  it('rejects a review with the reason the author will see', async () => {
    const calls = renderQueue({
      [`POST ${rejectPath}`]: () => Response.json({ success: true, status: 'rejected' }),
    });
    const card = await screen.findByRole('article', { name: 'Review by Ann Author' });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
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
    const card = await screen.findByRole('article', { name: 'Review by Ann Author' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This review is already published.');
  });

  it('asks for the chosen reason, order and text, oldest first by default', async () => {
    const calls = renderQueue();
    await screen.findByRole('article', { name: 'Review by Bob' });
    const firstQuery = searchParamsOf(callsTo(calls, 'GET /api/admin/moderation')[0]);
    expect(firstQuery.get('status')).toBe('flagged');
    expect(firstQuery.get('sort')).toBe('oldest');

    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(
      screen.getByRole('option', { name: 'Contact details (e-mail or phone number)' }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Order' }));
    await userEvent.click(screen.getByRole('option', { name: 'Newest first' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the text' }), 'parcel');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const last = searchParamsOf(callsTo(calls, 'GET /api/admin/moderation').at(-1));
    expect(Object.fromEntries(last)).toMatchObject({
      reason: 'CONTACT_DETAILS',
      sort: 'newest',
      q: 'parcel',
      status: 'flagged',
    });
    // Across every service the search reads a bounded window, and the page says so.
    expect(screen.getByText(/The search looks at the 200 newest reviews/)).toBeInTheDocument();
  });

  it("narrows the list to a review's service or author, named in a removable chip", async () => {
    const calls = renderQueue();
    const card = await screen.findByRole('article', { name: 'Review by Bob' });
    await userEvent.click(
      within(card).getByRole('button', { name: 'Only this service’s reviews' }),
    );

    expect(await screen.findByText('Service: Night Freight')).toBeInTheDocument();
    const query = searchParamsOf(callsTo(calls, 'GET /api/admin/moderation').at(-1));
    expect(query.get('service')).toBe(other.service);

    const bobCard = await screen.findByRole('article', { name: 'Review by Bob' });
    await userEvent.click(
      within(bobCard).getByRole('button', { name: 'Only this author’s reviews' }),
    );
    await screen.findByText('Author: Bob');
    expect(searchParamsOf(callsTo(calls, 'GET /api/admin/moderation').at(-1)).get('author')).toBe(
      other.authorId,
    );
  });

  it('approves the selected reviews in one request and says what became of each', async () => {
    const calls = renderQueue({
      [`POST ${bulkPath}`]: () =>
        Response.json({
          results: [
            { id: flagged._id, success: true, status: 'published' },
            {
              id: other._id,
              success: false,
              statusCode: 409,
              error: 'This review is already published.',
            },
          ],
        }),
    });
    await screen.findByRole('article', { name: 'Review by Bob' });
    const toolbar = screen.getByRole('toolbar', { name: 'Selected reviews' });
    expect(within(toolbar).getByRole('button', { name: 'Approve selected (0)' })).toBeDisabled();

    await userEvent.click(
      within(toolbar).getByRole('checkbox', { name: 'Select all on this page' }),
    );
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Approve selected (2)' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '1 review approved; 1 review not: This review is already published.',
    );
    expect(await callsTo(calls, `POST ${bulkPath}`)[0]?.json()).toEqual({
      decision: 'approve',
      ids: [flagged._id, other._id],
    });
  });

  it('rejects one selected review with a reason', async () => {
    const calls = renderQueue({
      [`POST ${bulkPath}`]: () =>
        Response.json({ results: [{ id: other._id, success: true, status: 'rejected' }] }),
    });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select the review by Bob' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this review?' });
    await pasteInto(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No phone numbers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('1 review rejected.');
    expect(await callsTo(calls, `POST ${bulkPath}`)[0]?.json()).toEqual({
      decision: 'reject',
      ids: [other._id],
      reason: 'No phone numbers',
    });
  });

  it('opens the queue dashboard after asking for its session', async () => {
    const calls = renderQueue({
      'POST /api/admin/queues-session': () =>
        Response.json({ url: '/api/admin/queues', expiresInSeconds: 900 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Queue dashboard' }));
    await vi.waitFor(() =>
      expect(callsTo(calls, 'POST /api/admin/queues-session')).toHaveLength(1),
    );
  });
});
