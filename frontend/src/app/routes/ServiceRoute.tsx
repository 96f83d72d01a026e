import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useGetServiceQuery } from '../../api/client';
import { errorMessage } from '../../api/errorMessage';
import { ServiceReviews } from '../../features/reviews/ServiceReviews';

/** /services/:id: the service's title, then its reviews (the details part is built elsewhere). */
export function ServiceRoute() {
  const { id = '' } = useParams();
  const { data: service, error, isLoading } = useGetServiceQuery({ id });
  if (isLoading) return <CircularProgress aria-label="Loading the service" />;
  if (error || !service) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <Stack spacing={4}>
      <Typography component="h1" variant="h4">
        {service.title}
      </Typography>
      <ServiceReviews serviceId={service._id} serviceTitle={service.title} />
    </Stack>
  );
}
