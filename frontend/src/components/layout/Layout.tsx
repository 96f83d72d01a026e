import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { SiteFooter } from '../SiteFooter';
import { Toaster } from '../../toasts/Toaster';
import { selectCurrentUser } from '../../auth/authSlice';
import { useGoogleSignInOutcome } from '../../auth/useGoogleSignInOutcome';
import { useAppSelector } from '../../lib/hooks';
import { SiteHeader } from './SiteHeader';

const MAIN_ID = 'main';

/** Out of sight until it has the keyboard's focus. */
const skipLink = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 'tooltip',
  px: 2,
  py: 1,
  bgcolor: 'background.paper',
  '&:focus': { top: 8 },
} as const;

/**
 * The shared layout of every page: app bar, the routed page, footer. `signedInActions` go in the
 * app bar for a signed-in user (see SiteHeader).
 */
export function Layout({ signedInActions }: { signedInActions?: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const navigation = useNavigation();
  useGoogleSignInOutcome();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {/* The first stop of the keyboard: past the header's links, straight to the page. */}
      <Link href={`#${MAIN_ID}`} sx={skipLink}>
        Skip to main content
      </Link>
      <SiteHeader user={user} signedInActions={signedInActions} />
      {navigation.state !== 'idle' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
        />
      )}
      <Container component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, py: 4, outline: 0 }}>
        <Outlet />
      </Container>
      <SiteFooter />
      <Toaster />
    </Box>
  );
}
