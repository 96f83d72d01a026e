import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, stubApi } from '../../test/stubApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Toaster } from '../../toasts/Toaster';
import { DeleteReviewButton } from './DeleteReviewButton';

const reviewId = '665f1c2ab4d3e8a1f0c9d001';
const deletePath = `/api/reviews/${reviewId}`;

function renderButton() {
  renderWithProviders(
    <>
      <DeleteReviewButton reviewId={reviewId} />
      <Toaster />
    </>,
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  return screen.getByRole('dialog', { name: 'Are you sure you want to Delete?' });
}

describe('delete review flow', () => {
  it("asks first; on confirm deletes and shows 'deleted successfully'", async () => {
    const calls = stubApi({
      [`DELETE ${deletePath}`]: () => Response.json({ acknowledged: true, deletedCount: 1 }),
    });
    renderButton();
    const dialog = await openDialog();
    expect(callsTo(calls, `DELETE ${deletePath}`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('deleted successfully');
    expect(callsTo(calls, `DELETE ${deletePath}`)).toHaveLength(1);
  });

  it('does nothing when cancelled', async () => {
    const calls = stubApi({});
    renderButton();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it("shows the server's sentence when the delete fails", async () => {
    stubApi({
      [`DELETE ${deletePath}`]: apiError(
        403,
        'Only the author or an admin can change this review.',
      ),
    });
    renderButton();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the author or an admin can change this review.',
    );
  });
});
