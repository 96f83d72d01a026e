import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReviewDto } from '../../lib/api/client';
import { ReviewCard } from './ReviewCard';
import { ReviewManageActions } from './ReviewManageActions';
import { ReviewModerationStatus } from './ReviewModerationStatus';

/** The signed-in user's review of the service, in place of the form: one review per service. */
export function YourReview({ review }: { review: ReviewDto }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} component="h2" variant="h5">
        Your review
      </Typography>
      <ReviewCard review={review} actions={<ReviewManageActions review={review} />}>
        {(review.status !== 'published' || review.resubmitted) && (
          <ReviewModerationStatus review={review} />
        )}
      </ReviewCard>
    </Box>
  );
}
