import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { selectCurrentUser } from '../../auth/authSlice';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../lib/hooks';
import { ApiTokensSection } from './ApiTokensSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { MyDataSection } from './MyDataSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SessionsSection } from './SessionsSection';

/**
 * /account (behind the login guard): profile, e-mail, password, sessions, API tokens, data,
 * deletion.
 */
export function AccountPage() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        Your account
      </Typography>
      <Typography>
        Services you added, and whether they are listed:{' '}
        <Link component={RouterLink} to={paths.myServices.getHref()}>
          Your services
        </Link>
      </Typography>
      <ProfileSection user={user} />
      <EmailSection user={user} />
      <PasswordSection />
      <SessionsSection />
      <ApiTokensSection isAdmin={user.isAdmin} />
      <MyDataSection />
      <DeleteAccountSection />
    </Stack>
  );
}
