import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { paths } from '../../config/paths';

function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** Shown instead of the layout when a route fails to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {describeRouteError(error)}
      </Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        Back to homepage
      </Button>
    </Container>
  );
}
