import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import type { ReviewDto } from '../../../lib/api/client';
import { formatDate } from './formatDate';

// Fetched once a reader asks for the versions: a review list's start need not carry it.
const ReviewVersionsDialog = lazy(async () => ({
  default: (await import('./ReviewVersionsDialog')).ReviewVersionsDialog,
}));

/** "Edited <date>" on a review whose content was changed, and its earlier versions for anyone. */
export function EditedMark({ review }: { review: ReviewDto }) {
  // Undefined until first opened: the dialog is not loaded before.
  const [open, setOpen] = useState<boolean>();
  if (!review.editedAt || review.versionCount === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time> ·{' '}
      <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setOpen(true)}>
        Earlier versions ({review.versionCount})
      </Button>
      {open !== undefined && (
        <Suspense fallback={null}>
          <ReviewVersionsDialog reviewId={review._id} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Typography>
  );
}
