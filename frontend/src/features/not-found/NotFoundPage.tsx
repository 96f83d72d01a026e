import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 4 }}>
        Sorry, we couldn&apos;t find this page.
      </Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        Back to homepage
      </Button>
    </Box>
  );
}
