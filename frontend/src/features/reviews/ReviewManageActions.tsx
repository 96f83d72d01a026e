import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { DeleteReviewButton } from './DeleteReviewButton';

interface ReviewManageActionsProps {
  reviewId: string;
  /** 'Edit' on review lists, 'Update' on the admins' all-reviews page, as the product's screens name them. */
  editLabel?: string;
}

/** Edit (to /update/:id) and Delete; show them only to the review's author and to admins. */
export function ReviewManageActions({ reviewId, editLabel = 'Edit' }: ReviewManageActionsProps) {
  return (
    <>
      <Button component={RouterLink} to={paths.update.getHref(reviewId)}>
        {editLabel}
      </Button>
      <DeleteReviewButton reviewId={reviewId} />
    </>
  );
}
