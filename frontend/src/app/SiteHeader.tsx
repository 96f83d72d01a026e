import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../components/BrandLogo';
import { ColorModeToggle } from '../components/ColorModeToggle';
import { SiteNavigation } from '../components/SiteNavigation';
import { paths } from '../config/paths';
import type { SignedInUser } from '../auth/authSlice';
import { colorModeChosen, selectColorMode } from './colorModeSlice';
import { useAppDispatch, useAppSelector } from './hooks';
import { navigationLinksFor } from './navigation';

/** Sticky top bar: logo and title, the visitor's links and the light/dark switch. */
export function SiteHeader({ user }: { user: SignedInUser | null }) {
  const mode = useAppSelector(selectColorMode);
  const dispatch = useAppDispatch();
  const toggleMode = () => dispatch(colorModeChosen(mode === 'light' ? 'dark' : 'light'));

  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 1 }}>
        <Link
          component={RouterLink}
          to={paths.home.getHref()}
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 'auto' }}
        >
          <BrandLogo sx={{ fontSize: 32 }} />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            Service Critic
          </Typography>
        </Link>
        <SiteNavigation links={navigationLinksFor(user)} />
        <Box sx={{ display: 'flex' }}>
          <ColorModeToggle mode={mode} onToggle={toggleMode} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
