import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetHomeServicesQuery } from '../../lib/api/client';
import { LoadError } from '../../components/LoadError';
import { ServiceGrid } from './ServiceGrid';
import { paths } from '../../config/paths';

/** 'Available Service's Review': the services the server picks for home, and See All. */
export function ServicesPreview() {
  const { data, error, isFetching, refetch } = useGetHomeServicesQuery();
  // The cards render in a background pass that yields to the browser, not in one long task.
  const services = useDeferredValue(data);

  return (
    <Box component="section" aria-labelledby="home-services-heading" sx={{ mb: 6 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          mb: 3,
        }}
      >
        <Typography id="home-services-heading" variant="h4" component="h2">
          Available Service&apos;s Review
        </Typography>
        <Button component={RouterLink} to={paths.services.getHref()} variant="contained">
          See All
        </Button>
      </Box>
      {!services && !error && (
        <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Loading services" />
      )}
      {error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {services && <ServiceGrid services={services} aria-label="Available services" />}
    </Box>
  );
}
