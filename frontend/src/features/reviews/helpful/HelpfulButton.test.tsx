import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReview, noPermissions } from '../../../test/reviewFixtures';
import { apiError, callsTo, stubApi } from '../../../test/stubApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { Toaster } from '../../../toasts/Toaster';
import { HelpfulButton } from './HelpfulButton';

const reader = { ...noPermissions, report: true, helpful: true };
const review = (fields: Parameters<typeof aReview>[0]) =>
  aReview({ permissions: reader, ...fields });
const helpfulPath = `/api/reviews/${aReview()._id}/helpful`;

function renderButton(shown: ReturnType<typeof aReview>, answers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answers);
  renderWithProviders(
    <>
      <HelpfulButton review={shown} />
      <Toaster />
    </>,
  );
  return calls;
}

const vote = { reviewId: aReview()._id, helpfulCount: 4, helpfulByMe: true };

describe('the helpful button', () => {
  it('shows the count, not pressed, and marks the review helpful when pressed', async () => {
    const calls = renderButton(review({ helpfulCount: 3, helpfulByMe: false }), {
      [`POST ${helpfulPath}`]: () => Response.json(vote, { status: 201 }),
    });
    const button = screen.getByRole('button', { name: 'Helpful (3)' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(callsTo(calls, `POST ${helpfulPath}`)).toHaveLength(1);
    expect(callsTo(calls, `DELETE ${helpfulPath}`)).toHaveLength(0);
  });

  it('is pressed while the reader marks it helpful, and pressing takes the mark back', async () => {
    const calls = renderButton(review({ helpfulCount: 4, helpfulByMe: true }), {
      [`DELETE ${helpfulPath}`]: () =>
        Response.json({ ...vote, helpfulCount: 3, helpfulByMe: false }),
    });
    const button = screen.getByRole('button', { name: 'Helpful (4)', pressed: true });
    await userEvent.click(button);
    expect(callsTo(calls, `DELETE ${helpfulPath}`)).toHaveLength(1);
  });

  it("shows the server's sentence when a vote is refused", async () => {
    renderButton(review({ helpfulCount: 1, helpfulByMe: false }), {
      [`POST ${helpfulPath}`]: apiError(409, 'You have already marked this review as helpful.'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Helpful (1)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already marked this review as helpful.',
    );
  });

  it('shows the count alone to those who may not vote (visitors, the author)', () => {
    renderButton(aReview({ helpfulCount: 3 }), {});
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('3 people found this helpful')).toBeVisible();
  });

  it('shows nothing to those who may not vote while nobody found it helpful', () => {
    renderButton(aReview({ helpfulCount: 0 }), {});
    expect(screen.queryByText(/helpful/)).not.toBeInTheDocument();
  });
});
