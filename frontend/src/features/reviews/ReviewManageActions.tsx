import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { ReviewDto } from '../../lib/api/client';
import { DeleteReviewButton } from './DeleteReviewButton';

interface ReviewManageActionsProps {
  review: Pick<ReviewDto, '_id' | 'permissions'>;
  /** 'Edit' on review lists, 'Update' on the admins' all-reviews page, as the product's screens name them. */
  editLabel?: string;
}

/** Edit (to /update/:id) and Delete, each shown when the server says the caller may. */
export function ReviewManageActions({ review, editLabel = 'Edit' }: ReviewManageActionsProps) {
  const { edit, delete: remove } = review.permissions;
  if (!edit && !remove) return null;
  return (
    <>
      {edit && (
        <Button component={RouterLink} to={paths.update.getHref(review._id)}>
          {editLabel}
        </Button>
      )}
      {remove && <DeleteReviewButton reviewId={review._id} />}
    </>
  );
}
