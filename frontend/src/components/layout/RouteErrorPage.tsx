import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { RouteLoadError } from './RouteLoadError';

/**
 * Shown instead of the layout when the layout itself fails; a page's failures are shown inside
 * the layout (RouteLoadError).
 */
export function RouteErrorPage() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <RouteLoadError />
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        Back to homepage
      </Button>
    </Container>
  );
}
