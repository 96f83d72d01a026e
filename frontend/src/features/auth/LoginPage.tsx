import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../api/client';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../app/hooks';
import { loginReturnPath, RequireSignedOut } from '../../auth/guards';
import { paths } from '../../config/paths';
import { toastShown } from '../../toasts/toastSlice';
import { AuthCard } from './AuthCard';
import { formText } from './formText';

/** /login (spec §2): e-mail and password, or Google; back to where the user was sent from. */
export function LoginPage() {
  return (
    <RequireSignedOut>
      <AuthCard
        title="Login"
        googleLabel="Sign in with Google"
        footer={
          <>
            New to Service Critic?{' '}
            <Link component={RouterLink} to={paths.register.getHref()}>
              Register
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </RequireSignedOut>
  );
}

function LoginForm() {
  const [login, { isLoading, error }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { state } = useLocation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const loginDto = { email: formText(fields, 'email'), password: formText(fields, 'password') };
    // A failure stays in the mutation's state and is shown below; nothing else happens.
    const signedIn = await login({ loginDto })
      .unwrap()
      .catch(() => null);
    if (!signedIn) return;
    dispatch(toastShown('User Logged In'));
    form.reset();
    void navigate(loginReturnPath(state), { replace: true });
  };

  const forgotPassword = () =>
    dispatch(toastShown('Password reset is not available yet; please contact us.', 'info'));

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <TextField label="E-mail" name="email" type="text" autoComplete="username" fullWidth />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          fullWidth
        />
        <Link component="button" type="button" variant="body2" onClick={forgotPassword}>
          Forgot Password?
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          Sign in
        </Button>
      </Stack>
    </Box>
  );
}
