import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRevalidator, useRouteError } from 'react-router-dom';
import { LoadError } from '../LoadError';

/**
 * Shown inside the layout when a page's loader or rendering failed: the API's sentence and
 * "Try again", which runs the page's loaders again (and renders it afresh).
 */
export function RouteLoadError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return (
    <Box sx={{ py: 6, maxWidth: 'sm', mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        This page could not be loaded
      </Typography>
      <LoadError
        error={error}
        onRetry={() => void revalidator.revalidate()}
        retrying={revalidator.state === 'loading'}
      />
    </Box>
  );
}
