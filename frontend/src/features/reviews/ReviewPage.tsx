import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useGetReviewQuery } from '../../lib/api/client';
import { paths } from '../../config/paths';
import { TitledPage } from '../../components/TitledPage';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { ReviewCard } from './ReviewCard';
import { RemovedReviewNotice } from './trust/RemovedReviewNotice';
import { reviewPageTitle } from './reviewPageTitle';

/**
 * /reviews/:id, the address Share copies: the review (preloaded by the route's loader) as the
 * public lists show it, with the business's reply, and a way to its service's other reviews.
 */
export function ReviewPage() {
  const { id = '' } = useParams();
  const { data: review, error, refetch } = useGetReviewQuery({ id });
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (!review) return <PageLoading />;
  return (
    <TitledPage title={reviewPageTitle(review)}>
      {review.removal ? (
        <RemovedReviewNotice removal={review.removal} />
      ) : (
        <ReviewCard review={review} />
      )}
      <Box>
        <Button
          component={RouterLink}
          to={paths.service.getHref(review.service)}
          variant="outlined"
        >
          All reviews of {review.serviceTitle ?? 'this service'}
        </Button>
      </Box>
    </TitledPage>
  );
}
