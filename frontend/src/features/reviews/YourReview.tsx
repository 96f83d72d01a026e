import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReviewDto } from '../../lib/api/client';
import { ReviewCard } from './ReviewCard';
import { ReviewManageActions } from './ReviewManageActions';
import { ReviewModerationStatus } from './ReviewModerationStatus';
import { ReviewTrustStatus } from './trust/ReviewTrustStatus';
import { useFocusWhen } from './useFocusWhen';

/** Why only its author sees a review that is not published, in words. */
function hiddenBecause(review: ReviewDto): string | null {
  if (review.resubmitted || review.status === 'flagged') {
    return 'Only you can see this review: it is hidden from other readers until a moderator has checked it.';
  }
  if (review.status === 'rejected') {
    return 'Only you can see this review: moderators removed it from this page.';
  }
  return null;
}

interface YourReviewProps {
  review: ReviewDto;
  /** Just posted: its heading takes the focus. */
  takeFocus?: boolean;
}

/**
 * The signed-in user's review of the service, in place of the form: one review per service.
 * A held or removed one says so plainly, why, and offers the appeal here.
 */
export function YourReview({ review, takeFocus = false }: YourReviewProps) {
  const headingId = useId();
  const headingRef = useFocusWhen<HTMLHeadingElement>(takeFocus);
  const hidden = hiddenBecause(review);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 2 }}>
      <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h2" variant="h5">
        Your review
      </Typography>
      {hidden && (
        <Alert role="status" severity="warning">
          {hidden}
        </Alert>
      )}
      <ReviewCard review={review} actions={<ReviewManageActions review={review} />}>
        {(review.status !== 'published' || review.resubmitted) && (
          <>
            <ReviewModerationStatus review={review} />
            <ReviewTrustStatus review={review} />
          </>
        )}
      </ReviewCard>
    </Box>
  );
}
