import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { errorMessage } from '../../lib/api/errorMessage';
import { fieldErrorsOf } from '../../lib/api/fieldErrors';
import { invitationOf, RequireSignedOut } from '../../auth/guards';
import { AccountCard } from './AccountCard';
import { GoogleSignInButton } from './GoogleSignInButton';

interface AuthPageProps {
  title: string;
  googleLabel: string;
  /** The other page of the pair (login ↔ register), offered under the form. */
  otherPage: { prompt: string; label: string; to: string };
  /** The e-mail and password form. */
  children: ReactNode;
}

/**
 * The frame shared by /login and /register, for signed-out visitors only. The page to return to
 * (an invitation's review form, say) goes along to the other page of the pair.
 */
export function AuthPage({ title, googleLabel, otherPage, children }: AuthPageProps) {
  const { state } = useLocation();
  return (
    <RequireSignedOut>
      <AccountCard title={title}>
        {invitationOf(state) && (
          <Alert severity="info" role="note">
            Sign in or register to write the review you were invited to: it will carry the Verified
            customer label.
          </Alert>
        )}
        {children}
        <Divider>or</Divider>
        <GoogleSignInButton label={googleLabel} />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {otherPage.prompt}{' '}
          <Link component={RouterLink} to={otherPage.to} state={state}>
            {otherPage.label}
          </Link>
        </Typography>
      </AccountCard>
    </RequireSignedOut>
  );
}

interface AuthFormProps {
  onSubmit: (form: HTMLFormElement) => Promise<void>;
  submitLabel: string;
  busy: boolean;
  /** The last failure, shown above the fields with the server's sentence unless its details
   *  name some of `fields`, which show them under themselves. */
  error: FetchBaseQueryError | SerializedError | undefined;
  fields?: readonly string[];
  children: ReactNode;
}

/** A form without the browser's own validation (the product's validation rules) that shows why the last submit failed. */
export function AuthForm({
  onSubmit,
  submitLabel,
  busy,
  error,
  fields = [],
  children,
}: AuthFormProps) {
  const shownByFields = Object.keys(fieldErrorsOf(error, fields)).length > 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit(event.currentTarget);
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {error && !shownByFields && <Alert severity="error">{errorMessage(error)}</Alert>}
        {children}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
