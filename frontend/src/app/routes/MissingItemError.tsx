import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useRouteError } from 'react-router-dom';
import { RouteLoadError } from '../../components/layout/RouteLoadError';

/** A malformed id answers 400, an unknown one 404: both mean there is no such item. */
export const isMissingItem = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  (error.status === 404 || error.status === 400);

interface MissingItemErrorProps {
  /** The page's heading, e.g. "Sorry, we couldn't find this service." */
  title: string;
  /** Where to go instead, and the button's words. */
  href: string;
  linkLabel: string;
}

/**
 * Shown inside the layout when a page of one item (/services/:id, /reviews/:id) could not load
 * it: a page of its own when there is no such item, else the API's sentence and "Try again".
 */
export function MissingItemError({ title, href, linkLabel }: MissingItemErrorProps) {
  if (!isMissingItem(useRouteError())) return <RouteLoadError />;
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Button component={RouterLink} to={href} variant="contained">
        {linkLabel}
      </Button>
    </Box>
  );
}
