import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useGetReviewVersionsQuery, type ReviewVersionDto } from '../../../lib/api/client';
import { versionsDialogOf } from './VersionsDialog';

/** Every version of a review, the current one first; loaded when opened. */
export const ReviewVersionsDialog = versionsDialogOf<ReviewVersionDto>({
  title: 'Versions of this review',
  useVersions: useGetReviewVersionsQuery,
  renderVersion: (version) => (
    <>
      <Rating value={version.rating} readOnly size="small" />
      <Typography variant="body2" color="text.secondary">
        {version.title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {version.details}
      </Typography>
    </>
  ),
});
