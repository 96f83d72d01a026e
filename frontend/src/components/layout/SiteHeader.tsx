import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { BrandLogo } from '../BrandLogo';
import { ColorModeToggle } from '../ColorModeToggle';
import { SiteNavigation } from '../SiteNavigation';
import { SiteSearch } from '../SiteSearch';
import { UserIdentity } from '../UserIdentity';
import { paths } from '../../config/paths';
import type { SignedInUser } from '../../auth/authSlice';
import { useAdminStatus } from '../../auth/useAdminStatus';
import { useLogOut } from '../../auth/useLogOut';
import { colorModeChosen, selectColorMode } from '../../lib/theme/colorModeSlice';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { navigationItemsFor, navigationMenuBelow, returnStateAt } from './navigation';

/**
 * The top bar: logo and title, the service search, the visitor's links, then for a signed-in
 * user the notification bell and their photo and name, and the light/dark switch. On phones it
 * scrolls away with the page (kept, its two rows would take a fifth of the screen), and the
 * search shares its row with the switch. /services has a search of its own: none here.
 */
export function SiteHeader({
  user,
  signedInActions,
}: {
  user: SignedInUser | null;
  /** Shown to a signed-in user before their name (the app passes the notification bell). */
  signedInActions?: ReactNode;
}) {
  const mode = useAppSelector(selectColorMode);
  const dispatch = useAppDispatch();
  const { isAdmin } = useAdminStatus();
  const logOut = useLogOut();
  const toggleMode = () => dispatch(colorModeChosen(mode === 'light' ? 'dark' : 'light'));
  const location = useLocation();
  const visitor = { user, isAdmin, returnState: returnStateAt(location) };
  const onServices = location.pathname === paths.services.getHref();

  return (
    <AppBar position="sticky" color="primary" sx={{ position: { xs: 'static', sm: 'sticky' } }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <Link
          component={RouterLink}
          to={paths.home.getHref()}
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 'auto' }}
        >
          <BrandLogo sx={{ fontSize: { xs: 28, sm: 32 } }} />
          <Typography
            component="span"
            variant="h6"
            sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontSize: { xs: '1rem', sm: '1.25rem' } }}
          >
            Service Critic
          </Typography>
        </Link>
        {!onServices && <SiteSearch />}
        <SiteNavigation
          items={navigationItemsFor(visitor, () => void logOut())}
          menuBelow={navigationMenuBelow(visitor)}
        />
        {user && (
          <>
            {/* the fallback keeps the bell's place so the bar does not shift when it arrives */}
            <Suspense fallback={<Box sx={{ width: 40, flexShrink: 0 }} />}>
              {signedInActions}
            </Suspense>
            <Link
              component={RouterLink}
              to={paths.account.getHref()}
              title="Your account"
              underline="none"
              color="inherit"
              sx={{ minWidth: 0 }}
            >
              <UserIdentity name={user.displayName || user.email} photoURL={user.photoURL} />
            </Link>
          </>
        )}
        <Box sx={{ display: 'flex', order: { xs: 11, sm: 0 }, ml: { xs: 'auto', sm: 0 } }}>
          <ColorModeToggle mode={mode} onToggle={toggleMode} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
