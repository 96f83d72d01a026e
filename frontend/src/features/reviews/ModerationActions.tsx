import Button from '@mui/material/Button';
import { useState } from 'react';
import { useApproveReviewMutation, useRejectReviewMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { RejectReviewDialog } from './RejectReviewDialog';

/** Approve publishes a flagged review; Reject asks for a reason first. Both leave the queue. */
export function ModerationActions({ reviewId }: { reviewId: string }) {
  const [rejecting, setRejecting] = useState(false);
  const [approve, approval] = useApproveReviewMutation();
  const [reject, rejection] = useRejectReviewMutation();
  const dispatch = useAppDispatch();

  const report = (result: Awaited<ReturnType<typeof approve>>, done: string) =>
    dispatch(result.error ? toastShown(errorMessage(result.error), 'error') : toastShown(done));

  const approveReview = async () => report(await approve({ id: reviewId }), 'Review approved');

  const rejectReview = async (reason: string) => {
    const result = await reject({ id: reviewId, rejectReviewDto: { reason } });
    setRejecting(false);
    report(result, 'Review rejected');
  };

  return (
    <>
      <Button
        variant="contained"
        color="success"
        disabled={approval.isLoading}
        onClick={() => void approveReview()}
      >
        Approve
      </Button>
      <Button color="error" onClick={() => setRejecting(true)}>
        Reject
      </Button>
      <RejectReviewDialog
        open={rejecting}
        busy={rejection.isLoading}
        onReject={(reason) => void rejectReview(reason)}
        onCancel={() => setRejecting(false)}
      />
    </>
  );
}
