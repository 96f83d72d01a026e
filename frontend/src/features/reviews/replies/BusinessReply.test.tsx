import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReviewDto } from '../../../lib/api/client';
import { aReview } from '../../../test/reviewFixtures';
import { stubApi } from '../../../test/stubApi';
import { renderRoutes } from '../../../test/renderWithProviders';
import { ReviewCard } from '../ReviewCard';

const reply = {
  text: 'Thank you, we passed it on to the driver.',
  createdAt: '2026-03-02T10:00:00.000Z',
  versionCount: 0,
};

/** The review's card, as the lists show it (it links to the author and the service). */
const renderCard = (review: ReviewDto) =>
  renderRoutes([{ path: '/', element: <ReviewCard review={review} /> }], '/');

describe("the business's reply under its review", { timeout: 15_000 }, () => {
  it("is marked as the business's, with its date and text", () => {
    stubApi({});
    renderCard(aReview({ serviceTitle: 'Same-Day City Courier', reply }));
    const shown = screen.getByRole('group', { name: 'Reply from Same-Day City Courier' });
    expect(shown).toHaveTextContent('Reply from Same-Day City Courier');
    expect(shown).toHaveTextContent('Mar 2, 2026');
    expect(shown).toHaveTextContent(reply.text);
    expect(within(shown).queryByText(/Edited/)).not.toBeInTheDocument();
  });

  it('says when it was edited and shows its earlier versions', async () => {
    const versions = [
      { text: 'Second text.', writtenAt: '2026-03-05T10:00:00.000Z' },
      {
        text: reply.text,
        writtenAt: reply.createdAt,
        replacedAt: '2026-03-05T10:00:00.000Z',
      },
    ];
    const id = aReview()._id;
    stubApi({
      [`GET /api/reviews/${id}/reply/versions`]: () => Response.json({ reviewId: id, versions }),
    });
    const edited = {
      ...reply,
      text: 'Second text.',
      editedAt: '2026-03-05T10:00:00.000Z',
      versionCount: 1,
    };
    renderCard(aReview({ serviceTitle: 'Same-Day City Courier', reply: edited }));
    const shown = screen.getByRole('group', { name: 'Reply from Same-Day City Courier' });
    expect(shown).toHaveTextContent('Edited Mar 5, 2026');
    await userEvent.click(within(shown).getByRole('button', { name: 'Earlier versions (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions of this reply' });
    expect(await within(dialog).findByText(reply.text)).toBeVisible();
    expect(within(dialog).getByRole('region', { name: 'Current version' })).toHaveTextContent(
      'Second text.',
    );
  });

  it('is not shown when the review has none', () => {
    stubApi({});
    renderCard(aReview());
    expect(screen.queryByRole('group', { name: /Reply from/ })).not.toBeInTheDocument();
  });
});
