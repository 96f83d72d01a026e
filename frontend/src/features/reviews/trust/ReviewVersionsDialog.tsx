import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetReviewVersionsQuery } from '../../../lib/api/client';
import { VersionsDialog } from './VersionsDialog';

interface ReviewVersionsDialogProps {
  reviewId: string;
  open: boolean;
  onClose: () => void;
}

/** Every version of a review, the current one first; loaded when opened. */
export function ReviewVersionsDialog({ reviewId, open, onClose }: ReviewVersionsDialogProps) {
  const { data, error, isLoading } = useGetReviewVersionsQuery(open ? { id: reviewId } : skipToken);
  return (
    <VersionsDialog
      title="Versions of this review"
      open={open}
      onClose={onClose}
      versions={data?.versions}
      isLoading={isLoading}
      error={error}
      renderVersion={(version) => (
        <>
          <Rating value={version.rating} readOnly size="small" />
          <Typography variant="body2" color="text.secondary">
            {version.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {version.details}
          </Typography>
        </>
      )}
    />
  );
}
