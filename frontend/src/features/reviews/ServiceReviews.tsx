import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import type { ReviewDto } from '../../lib/api/client';
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
  const cameOrWent = useReviewCameOrWent(own);
  // An invitation link opens this page with its token (features/invitations).
  const [search] = useSearchParams();
  const invitation = search.get('invitation') ?? undefined;
  return (
    <Stack spacing={4}>
      {!authLoading &&
        (user ? (
          <Suspense fallback={null}>
            {own === undefined ? null : own ? (
              <YourReview review={own} takeFocus={cameOrWent} />
            ) : ownService ? (
              <OwnServiceNote />
            ) : (
              <AddReviewForm
                key={serviceId}
                serviceId={serviceId}
                serviceTitle={serviceTitle}
                invitation={invitation}
                takeFocus={cameOrWent}
              />
            )}
          </Suspense>
        ) : (
          <LoginToReview />
        ))}
      <ServiceReviewList serviceId={serviceId} own={own} />
      <ServiceTransparencyPanel serviceId={serviceId} />
    </Stack>
  );
}

/**
 * Whether the user's review came or went while the page was open (posted or deleted, not
 * first loaded): the part that replaced it then takes the focus.
 */
function useReviewCameOrWent(own: ReviewDto | null | undefined): boolean {
  const known = own === undefined ? 'unknown' : own === null ? 'none' : 'one';
  const [previous, setPrevious] = useState(known);
  const [cameOrWent, setCameOrWent] = useState(false);
  if (known !== previous) {
    setPrevious(known);
    if (previous !== 'unknown' && known !== 'unknown') setCameOrWent(true);
  }
  return cameOrWent;
}
