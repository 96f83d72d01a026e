import Button from '@mui/material/Button';
import { useState } from 'react';
import { useDeleteReviewMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * The product's delete flow: the confirm 'Are you sure you want to Delete?', then DELETE; a positive
 * deletedCount shows 'deleted successfully' and the lists refetch (the mutation's tags).
 */
export function DeleteReviewButton({ reviewId }: { reviewId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [deleteReview, { isLoading }] = useDeleteReviewMutation();
  const dispatch = useAppDispatch();

  const confirm = async () => {
    const result = await deleteReview({ id: reviewId });
    setConfirming(false);
    if (result.error) dispatch(toastShown(errorMessage(result.error), 'error'));
    else if (result.data.deletedCount > 0) dispatch(toastShown('deleted successfully'));
  };

  return (
    <>
      <Button color="error" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        question="Are you sure you want to Delete?"
        confirmLabel="Delete"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
