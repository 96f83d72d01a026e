import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

export function SiteFooter() {
  return (
    <Box
      component="footer"
      sx={{
        py: 3,
        textAlign: 'center',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        All Rights Rreserved
      </Typography>
      <Typography variant="body2">
        <Link component={RouterLink} to={paths.transparency.getHref()}>
          Transparency
        </Link>
      </Typography>
    </Box>
  );
}
