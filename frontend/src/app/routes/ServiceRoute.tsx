import Stack from '@mui/material/Stack';
import { useParams } from 'react-router-dom';
import { useGetServiceQuery } from '../../api/client';
import { ServiceReviews } from '../../features/reviews/ServiceReviews';
import { ServiceDetails } from '../../features/services/ServiceDetails';

/** /services/:id: the service (preloaded by the route's loader), then its review form and reviews. */
export function ServiceRoute() {
  const { id = '' } = useParams();
  const { data: service } = useGetServiceQuery({ id });
  return (
    <Stack spacing={4}>
      <ServiceDetails id={id} />
      {service && <ServiceReviews serviceId={service._id} serviceTitle={service.title} />}
    </Stack>
  );
}
