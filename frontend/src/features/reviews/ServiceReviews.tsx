import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { selectAuthLoading, selectCurrentUser } from '../../auth/authSlice';
import { LoginToReview } from './LoginToReview';
import { OwnServiceNote } from './OwnServiceNote';
import { ServiceReviewList } from './ServiceReviewList';
import { useOwnReview } from './useOwnReview';
import { ServiceTransparencyPanel } from './trust/ServiceTransparencyPanel';

// A signed-in user's form or review: visitors, whom the server renders the page for, need neither.
const AddReviewForm = lazy(async () => ({
  default: (await import('./AddReviewForm')).AddReviewForm,
}));
const YourReview = lazy(async () => ({ default: (await import('./YourReview')).YourReview }));

interface ServiceReviewsProps {
  serviceId: string;
  serviceTitle: string;
  /** The signed-in user added this service: they invite reviews, and write none. */
  ownService: boolean;
}

/**
 * The lower part of /services/:id: the signed-in user's review (or the form, until they wrote
 * one, unless the service is their own), or the login prompt; then 'All reviews'.
 */
export function ServiceReviews({ serviceId, serviceTitle, ownService }: ServiceReviewsProps) {
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const own = useOwnReview(serviceId, !authLoading && user !== null);
  // An invitation link opens this page with its token (features/invitations).
  const [search] = useSearchParams();
  const invitation = search.get('invitation') ?? undefined;
  return (
    <Stack spacing={4}>
      {!authLoading &&
        (user ? (
          <Suspense fallback={null}>
            {own === undefined ? null : own ? (
              <YourReview review={own} />
            ) : ownService ? (
              <OwnServiceNote />
            ) : (
              <AddReviewForm
                key={serviceId}
                serviceId={serviceId}
                serviceTitle={serviceTitle}
                invitation={invitation}
              />
            )}
          </Suspense>
        ) : (
          <LoginToReview />
        ))}
      <ServiceReviewList serviceId={serviceId} />
      <ServiceTransparencyPanel serviceId={serviceId} />
    </Stack>
  );
}
