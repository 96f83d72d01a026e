import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, useNavigation } from 'react-router-dom';
import { SiteFooter } from '../components/SiteFooter';
import { Toaster } from '../toasts/Toaster';
import { selectCurrentUser } from '../auth/authSlice';
import { useGoogleSignInOutcome } from '../auth/useGoogleSignInOutcome';
import { useAppSelector } from '../lib/hooks';
import { DocumentMeta } from './DocumentMeta';
import { SiteHeader } from './SiteHeader';

/** The shared layout of every page: app bar, the routed page, footer. */
export function Layout() {
  const user = useAppSelector(selectCurrentUser);
  const navigation = useNavigation();
  useGoogleSignInOutcome();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <DocumentMeta />
      <SiteHeader user={user} />
      {navigation.state !== 'idle' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
        />
      )}
      <Container component="main" sx={{ flex: 1, py: 4 }}>
        <Outlet />
      </Container>
      <SiteFooter />
      <Toaster />
    </Box>
  );
}
