import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useRouteError } from 'react-router-dom';
import { errorMessage } from '../../lib/api/errorMessage';
import { paths } from '../../config/paths';

/** A malformed id answers 400, an unknown one 404: both mean there is no such service. */
export const isMissingService = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  (error.status === 404 || error.status === 400);

/** Shown inside the layout when /services/:id could not load its service. */
export function ServiceRouteError() {
  const error = useRouteError();
  const missing = isMissingService(error);

  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {missing ? "Sorry, we couldn't find this service." : 'The service could not be loaded'}
      </Typography>
      {!missing && (
        <Alert severity="error" sx={{ mb: 3, display: 'inline-flex' }}>
          {errorMessage(error as Parameters<typeof errorMessage>[0])}
        </Alert>
      )}
      <Box>
        <Button component={RouterLink} to={paths.services.getHref()} variant="contained">
          See all services
        </Button>
      </Box>
    </Box>
  );
}
