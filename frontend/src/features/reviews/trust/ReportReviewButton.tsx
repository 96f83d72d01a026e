import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useReportReviewMutation, useWithdrawReportMutation } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';
import type { ReportReason } from './reportReasons';
import type { MyReportStatus } from './useMyReports';

// Fetched once a reader opens it: a review list's start need not carry the form.
const ReportReviewDialog = lazy(async () => ({
  default: (await import('./ReportReviewDialog')).ReportReviewDialog,
}));

interface ReportReviewButtonProps {
  reviewId: string;
  /** Where the reader's report of it stands, when they reported it before (useMyReports). */
  status?: MyReportStatus;
}

/**
 * Report (any signed-in reader but the author, from the review's permissions), then Withdraw;
 * a report the moderators decided on is said, not offered again.
 */
export function ReportReviewButton({ reviewId, status }: ReportReviewButtonProps) {
  // Undefined until first opened: the dialog is not loaded before.
  const [open, setOpen] = useState<boolean>();
  // What this visit did, ahead of the list of reports read again after it.
  const [reportedNow, setReported] = useState<boolean>();
  const reported = reportedNow ?? status === 'open';
  const [report, reporting] = useReportReviewMutation();
  const [withdraw, withdrawing] = useWithdrawReportMutation();
  const dispatch = useAppDispatch();

  const send = async (reason: ReportReason, text?: string) => {
    const result = await report({ id: reviewId, createReportDto: { reason, text } });
    setOpen(false);
    if (result.error) {
      // Reported earlier (another tab, another visit): offer to withdraw it.
      if ((result.error as { status?: number }).status === 409) setReported(true);
      dispatch(toastShown(errorMessage(result.error), 'error'));
      return;
    }
    setReported(true);
    dispatch(toastShown('Thank you: your report was sent to the moderators.'));
  };

  const takeBack = async () => {
    const result = await withdraw({ id: reviewId });
    if (result.error) {
      dispatch(toastShown(errorMessage(result.error), 'error'));
      return;
    }
    setReported(false);
    dispatch(toastShown('Your report was withdrawn.'));
  };

  if (reportedNow === undefined && (status === 'upheld' || status === 'dismissed')) {
    return (
      <Typography variant="caption" color="text.secondary">
        {status === 'upheld'
          ? 'You reported it: the moderators upheld your report.'
          : 'You reported it: the moderators kept the review.'}
      </Typography>
    );
  }
  if (reported) {
    return (
      <Button size="small" disabled={withdrawing.isLoading} onClick={() => void takeBack()}>
        Withdraw report
      </Button>
    );
  }
  return (
    <>
      <Button size="small" color="inherit" onClick={() => setOpen(true)}>
        Report
      </Button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <ReportReviewDialog
            open={open}
            busy={reporting.isLoading}
            onReport={(reason, text) => void send(reason, text)}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
