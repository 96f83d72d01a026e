import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../api/client';
import { errorMessage } from '../../api/errorMessage';
import { RequireSignedOut } from '../../auth/guards';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import { formText } from './formText';

/** /register (spec §2): name, e-mail and password, or Google; then the homepage. */
export function RegisterPage() {
  return (
    <RequireSignedOut>
      <AuthCard
        title="Register"
        googleLabel="Sign up with Google"
        footer={
          <>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login.getHref()}>
              Login
            </Link>
          </>
        }
      >
        <RegisterForm />
      </AuthCard>
    </RequireSignedOut>
  );
}

function RegisterForm() {
  const [register, { isLoading, error }] = useRegisterMutation();
  const navigate = useNavigate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const registerDto = {
      name: formText(fields, 'name'),
      email: formText(fields, 'email'),
      password: formText(fields, 'password'),
    };
    // Spec §4: only an acknowledged answer goes on; a failure is shown below from the mutation.
    const created = await register({ registerDto })
      .unwrap()
      .catch(() => null);
    if (created?.acknowledged) void navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <TextField label="Name" name="name" autoComplete="name" fullWidth />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" fullWidth />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          Sign Up
        </Button>
      </Stack>
    </Box>
  );
}
