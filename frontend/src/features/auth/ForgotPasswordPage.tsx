import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useRequestPasswordResetMutation } from '../../lib/api/client';
import { paths } from '../../config/paths';
import { AccountCard } from './AccountCard';
import { AuthForm } from './AuthPage';
import { formText } from '../../components/formText';

/** /forgot-password: the e-mail address to send a reset link to; the answer never says whether it has an account. */
export function ForgotPasswordPage() {
  const [requestReset, { data, isLoading, error }] = useRequestPasswordResetMutation();

  const submit = async (form: HTMLFormElement) => {
    const email = formText(new FormData(form), 'email');
    await requestReset({ requestPasswordResetDto: { email } })
      .unwrap()
      .catch(() => null);
  };

  return (
    <AccountCard title="Forgot Password?">
      {data ? (
        <Alert severity="success" role="status">
          {data.message}
        </Alert>
      ) : (
        <>
          <Typography>
            Enter the e-mail address of your account, and we will send you a link to choose a new
            password.
          </Typography>
          <AuthForm onSubmit={submit} submitLabel="Send link" busy={isLoading} error={error}>
            <TextField label="E-mail" name="email" type="email" autoComplete="username" fullWidth />
          </AuthForm>
        </>
      )}
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login.getHref()}>
          Back to Login
        </Link>
      </Typography>
    </AccountCard>
  );
}
