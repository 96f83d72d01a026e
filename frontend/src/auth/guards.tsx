import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { paths } from '../config/paths';
import { useAppSelector } from '../lib/hooks';
import { selectAuthLoading, selectCurrentUser } from './authSlice';
import { useAdminStatus } from './useAdminStatus';

/** Where the login page sends the user back to: the guarded location they were turned away from. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The invitation token of the review form the login page returns to, if any. */
export function invitationOf(state: unknown): string | null {
  const from = (state as LoginRedirectState | null)?.from;
  return new URLSearchParams(from?.search ?? '').get('invitation');
}

/** The path the login page returns to: the remembered location, or the homepage. */
export function loginReturnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from?.pathname.startsWith('/')) return paths.home.getHref();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

function RedirectToLogin() {
  const location = useLocation();
  const state: LoginRedirectState = { from: location };
  return <Navigate to={paths.login.getHref()} replace state={state} />;
}

/** The login guard: a loading animation while auth loads, then the page or /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const loading = useAppSelector(selectAuthLoading);
  if (loading) return <PageLoading />;
  return user ? children : <RedirectToLogin />;
}

/** The admin guard: 'Loading.....' while the admin lookup runs, then the page or /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const { isAdmin, loading } = useAdminStatus();
  if (loading) {
    return (
      <Box sx={{ py: 8, textAlign: 'center' }}>
        <Typography role="status">Loading.....</Typography>
      </Box>
    );
  }
  if (isAdmin) return children;
  // A signed-in non-admin gets no way back here: /login would return them, and this page would
  // turn them away again, round and round.
  return user ? <Navigate to={paths.login.getHref()} replace /> : <RedirectToLogin />;
}

/**
 * For /login and /register: a signed-in user has nothing to do there and goes where the login
 * page would send them, so a finished login and this redirect agree on the destination.
 */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const { state } = useLocation();
  return user ? <Navigate to={loginReturnPath(state)} replace /> : children;
}
