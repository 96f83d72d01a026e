import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, stubApi } from '../../../test/stubApi';
import { pasteInto } from '../../../test/pasteInto';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { aReview, noPermissions } from '../../../test/reviewFixtures';
import { Toaster } from '../../../toasts/Toaster';
import type { ReviewDto } from '../../../lib/api/client';
import { ReviewTrustStatus } from './ReviewTrustStatus';

const removed = aReview({
  status: 'rejected',
  moderationReasons: ['reports'],
  reportReasons: ['fake', 'spam'],
  moderationNote: 'Not a real delivery.',
  decisionId: 'd1',
  permissions: { ...noPermissions, edit: true, delete: true, appeal: true },
});
const appealPath = `/api/reviews/${removed._id}/appeal`;

function renderStatus(review: ReviewDto) {
  const calls = stubApi({ [`POST ${appealPath}`]: () => Response.json(review) });
  renderWithProviders(
    <>
      <ReviewTrustStatus review={review} />
      <Toaster />
    </>,
  );
  return calls;
}

// The first dialog a file opens takes seconds to mount on a loaded machine.
describe("the author's view of a moderated review", { timeout: 15_000 }, () => {
  it('asks for a longer appeal before sending anything', async () => {
    const calls = renderStatus(removed);
    await userEvent.click(screen.getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    await pasteInto(within(dialog).getByRole('textbox'), 'Too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(within(dialog).getByText('Write at least 10 characters')).toBeVisible();
    expect(calls).not.toHaveBeenCalled();
  });

  it('names what readers reported and sends one appeal', async () => {
    const calls = renderStatus(removed);
    expect(
      screen.getByText(
        'Reported by readers for: Fake or not a real experience, Spam or advertising',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    const text = within(dialog).getByRole('textbox', { name: 'Why the decision is wrong' });
    await pasteInto(text, 'Too short, but now it is long enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your appeal was sent.');
    const [sent] = callsTo(calls, `POST ${appealPath}`);
    expect(await sent!.clone().json()).toEqual({
      text: 'Too short, but now it is long enough',
    });
  });

  it("shows the appeal's outcome and no Appeal when the server allows none", () => {
    renderStatus({
      ...removed,
      appeal: {
        decisionId: 'd1',
        text: 'Please',
        at: '2026-11-23T10:00:00Z',
        status: 'denied',
        note: 'Still fake.',
      },
      permissions: { ...removed.permissions, appeal: false },
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      "Your appeal was turned down. Admin's answer: Still fake.",
    );
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });
});
