import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GoogleSignInButton } from '../../components/GoogleSignInButton';

interface AuthCardProps {
  title: string;
  /** The e-mail and password form. */
  children: ReactNode;
  googleLabel: string;
  /** The link to the other page of the pair (login ↔ register). */
  footer: ReactNode;
}

/** The frame shared by /login and /register: heading, form, Google button, link to the other. */
export function AuthCard({ title, children, googleLabel, footer }: AuthCardProps) {
  return (
    <Paper variant="outlined" sx={{ maxWidth: 440, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1" sx={{ textAlign: 'center' }}>
          {title}
        </Typography>
        {children}
        <Divider>or</Divider>
        <GoogleSignInButton label={googleLabel} />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {footer}
        </Typography>
      </Stack>
    </Paper>
  );
}
