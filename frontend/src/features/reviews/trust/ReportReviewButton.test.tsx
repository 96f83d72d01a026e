import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, stubApi } from '../../../test/stubApi';
import { pasteInto } from '../../../test/pasteInto';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { Toaster } from '../../../toasts/Toaster';
import { ReportReviewButton } from './ReportReviewButton';
import type { MyReportStatus } from './useMyReports';

const reviewId = '665f1c2ab4d3e8a1f0c9d001';
const reportPath = `/api/reviews/${reviewId}/reports`;
const minePath = `/api/reviews/${reviewId}/reports/mine`;

function renderButton(answers: Parameters<typeof stubApi>[0], status?: MyReportStatus) {
  const calls = stubApi(answers);
  renderWithProviders(
    <>
      <ReportReviewButton reviewId={reviewId} status={status} />
      <Toaster />
    </>,
  );
  return calls;
}

// The first dialog a file opens takes seconds to mount on a loaded machine.
describe('reporting a review', { timeout: 15_000 }, () => {
  it('asks for words with "Other" before sending anything', async () => {
    const calls = renderButton({});
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Say in a few words what is wrong')).toBeVisible();
    expect(calls).not.toHaveBeenCalled();
  });

  it('sends the reason and the words', async () => {
    const calls = renderButton({
      [`POST ${reportPath}`]: (_request, body) => Response.json({ ...(body as object) }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await pasteInto(within(dialog).getByRole('textbox', { name: /What is wrong/ }), 'A bot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Thank you: your report was sent to the moderators.',
    );
    const [sent] = callsTo(calls, `POST ${reportPath}`);
    expect(await sent!.clone().json()).toEqual({ reason: 'other', text: 'A bot' });
  });

  it('withdraws a report it sent', async () => {
    const calls = renderButton({
      [`POST ${reportPath}`]: (_request, body) => Response.json({ ...(body as object) }),
      [`DELETE ${minePath}`]: () => Response.json({ acknowledged: true, deletedCount: 1 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw report' }));
    expect(await screen.findByRole('button', { name: 'Report' })).toBeVisible();
    expect(callsTo(calls, `DELETE ${minePath}`)).toHaveLength(1);
  });

  it("shows the server's sentence and offers to withdraw an earlier report", async () => {
    renderButton({
      [`POST ${reportPath}`]: apiError(409, 'You have already reported this review.'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already reported this review.',
    );
    expect(screen.getByRole('button', { name: 'Withdraw report' })).toBeVisible();
  });

  it('offers to withdraw a report made on an earlier visit', async () => {
    const calls = renderButton(
      { [`DELETE ${minePath}`]: () => Response.json({ acknowledged: true, deletedCount: 1 }) },
      'open',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw report' }));
    expect(await screen.findByRole('button', { name: 'Report' })).toBeVisible();
    expect(callsTo(calls, `DELETE ${minePath}`)).toHaveLength(1);
  });

  it('says what became of a report the moderators decided on, and offers nothing', () => {
    renderButton({}, 'dismissed');
    expect(screen.getByText('You reported it: the moderators kept the review.')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
