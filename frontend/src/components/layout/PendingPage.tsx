import Box from '@mui/material/Box';
import { PageLoading } from '../PageLoading';

/**
 * Where the page goes while its code or data first load (the router's hydrate fallback): the
 * server sends it in a page's shell when the data is late, and the app starts from the same.
 * Half a screen keeps the footer out of view, so it does not jump when the page arrives.
 */
export function PendingPage() {
  return (
    <Box data-page-pending sx={{ minHeight: '50vh' }}>
      <PageLoading />
    </Box>
  );
}
