import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { useGetServiceQuery } from '../../lib/api/client';
import { PageLoading } from '../../components/PageLoading';
import { ServiceDetails } from '../../features/services/ServiceDetails';
import { CompareBar } from '../../features/services/compare/CompareBar';

// The review form and list (text fields, dialogs, pagination) load after the service is shown.
const ServiceReviews = lazy(async () => ({
  default: (await import('../../features/reviews/ServiceReviews')).ServiceReviews,
}));

// Only the service's owner sees it.
const InviteCustomersPanel = lazy(async () => ({
  default: (await import('../../features/invitations/InviteCustomersPanel')).InviteCustomersPanel,
}));

/**
 * /services/:id: the service (preloaded by the route's loader), its owner's "Invite customers"
 * panel, then its review form and reviews.
 */
export function ServiceRoute() {
  const { id = '' } = useParams();
  const { data: service } = useGetServiceQuery({ id });
  return (
    <Stack spacing={4}>
      <ServiceDetails id={id} />
      {service && (
        <Suspense
          fallback={
            // Half a screen keeps the footer out of view, so it does not jump when they arrive.
            <Box sx={{ minHeight: '50vh' }}>
              <PageLoading />
            </Box>
          }
        >
          <Stack spacing={4}>
            {service.permissions.invite && <InviteCustomersPanel serviceId={service._id} />}
            <ServiceReviews
              serviceId={service._id}
              serviceTitle={service.title}
              ownService={!service.permissions.review}
            />
          </Stack>
        </Suspense>
      )}
      <CompareBar />
    </Stack>
  );
}
