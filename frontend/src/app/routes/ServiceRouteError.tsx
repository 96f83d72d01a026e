import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useRouteError } from 'react-router-dom';
import { RouteLoadError } from '../../components/layout/RouteLoadError';
import { paths } from '../../config/paths';

/** A malformed id answers 400, an unknown one 404: both mean there is no such service. */
export const isMissingService = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  (error.status === 404 || error.status === 400);

/**
 * Shown inside the layout when /services/:id could not load its service: a page of its own when
 * there is no such service, else the API's sentence and "Try again".
 */
export function ServiceRouteError() {
  if (!isMissingService(useRouteError())) return <RouteLoadError />;
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Sorry, we couldn&apos;t find this service.
      </Typography>
      <Button component={RouterLink} to={paths.services.getHref()} variant="contained">
        See all services
      </Button>
    </Box>
  );
}
