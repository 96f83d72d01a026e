import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReviewDto } from '../../../lib/api/client';
import { formatDate } from './formatDate';
import { ReviewVersionsDialog } from './ReviewVersionsDialog';

/** "Edited <date>" on a review whose content was changed, and its earlier versions for anyone. */
export function EditedMark({ review }: { review: ReviewDto }) {
  const [open, setOpen] = useState(false);
  if (!review.editedAt || review.versionCount === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time> ·{' '}
      <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setOpen(true)}>
        Earlier versions ({review.versionCount})
      </Button>
      <ReviewVersionsDialog reviewId={review._id} open={open} onClose={() => setOpen(false)} />
    </Typography>
  );
}
