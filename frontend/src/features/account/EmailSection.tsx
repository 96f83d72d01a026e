import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SignedInUser } from '../../auth/authSlice';
import { useResendVerificationMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { AccountSection } from './AccountSection';

/** The address, whether it is verified, and "send again" for its link. */
export function EmailSection({ user }: { user: SignedInUser }) {
  const [resend, { data, error, isLoading }] = useResendVerificationMutation();
  return (
    <AccountSection title="E-mail">
      <Typography>{user.email}</Typography>
      {user.emailVerified ? (
        <Alert severity="success">Your e-mail address is verified.</Alert>
      ) : (
        <>
          <Alert severity="warning">
            Your e-mail address is not verified yet: open the link we sent to it.
          </Alert>
          {data && <Alert severity="info">{data.message}</Alert>}
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          <Button variant="outlined" disabled={isLoading} onClick={() => void resend()}>
            Send again
          </Button>
        </>
      )}
    </AccountSection>
  );
}
