import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { useRefreshSessionMutation, useVerifyEmailMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../auth/authSlice';
import { paths } from '../../config/paths';
import { AccountCard } from './AccountCard';

/** /verify-email?token=…: opening the e-mailed link verifies the address at once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verifyEmail, { data, error, isUninitialized, isLoading }] = useVerifyEmailMutation();
  const [refreshSession] = useRefreshSessionMutation();
  const signedIn = useAppSelector(selectCurrentUser) !== null;

  useEffect(() => {
    if (token) void verifyEmail({ verifyEmailDto: { token } });
  }, [token, verifyEmail]);

  // A signed-in user's session is renewed, so what they write from now on carries the mark.
  useEffect(() => {
    if (data && signedIn) void refreshSession();
  }, [data, signedIn, refreshSession]);

  if (token && (isUninitialized || isLoading)) return <PageLoading />;
  return (
    <AccountCard title="E-mail verification">
      {data && (
        <Alert severity="success" role="status">
          {data.message}
        </Alert>
      )}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {!token && (
        <Alert severity="error">
          This link is incomplete; open the link from the e-mail again.
        </Alert>
      )}
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        Go to the homepage
      </Button>
    </AccountCard>
  );
}
