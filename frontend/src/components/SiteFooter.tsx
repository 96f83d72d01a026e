import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

const LINKS = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'Guidelines', href: paths.guidelines.getHref() },
  { label: 'Transparency', href: paths.transparency.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
  { label: 'Terms', href: paths.terms.getHref() },
] as const;

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
      <Box component="nav" aria-label="About the site">
        <Box
          component="ul"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            columnGap: 3,
            rowGap: 1,
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 1.5,
          }}
        >
          {LINKS.map((link) => (
            <li key={link.href}>
              <Link component={RouterLink} to={link.href} variant="body2">
                {link.label}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        All Rights Rreserved
      </Typography>
    </Box>
  );
}
