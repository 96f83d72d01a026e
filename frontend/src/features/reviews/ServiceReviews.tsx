import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../lib/hooks';
import { selectAuthLoading, selectCurrentUser } from '../../auth/authSlice';
import { AddReviewForm } from './AddReviewForm';
import { LoginToReview } from './LoginToReview';
import { ServiceReviewList } from './ServiceReviewList';

interface ServiceReviewsProps {
  serviceId: string;
  serviceTitle: string;
}

/** The lower part of /services/:id: the review form (or the login prompt), then 'All reviews'. */
export function ServiceReviews({ serviceId, serviceTitle }: ServiceReviewsProps) {
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  return (
    <Stack spacing={4}>
      {!authLoading &&
        (user ? (
          <AddReviewForm key={serviceId} serviceId={serviceId} serviceTitle={serviceTitle} />
        ) : (
          <LoginToReview />
        ))}
      <ServiceReviewList serviceId={serviceId} />
    </Stack>
  );
}
