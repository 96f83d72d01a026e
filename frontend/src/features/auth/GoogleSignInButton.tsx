import GoogleIcon from '@mui/icons-material/Google';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useLocation } from 'react-router-dom';
import { useGetAuthProvidersQuery } from '../../lib/api/client';
import { startGoogleSignIn } from '../../auth/googleSignIn';
import { loginReturnPath } from '../../auth/guards';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';

/**
 * Starts the Google redirect flow when the server has Google configured; otherwise a disabled
 * button whose tooltip says why (a disabled button fires no events, so a span carries it).
 */
export function GoogleSignInButton({ label }: { label: string }) {
  const providers = useGetAuthProvidersQuery();
  const { state } = useLocation();
  const configured = providers.data?.google === true;

  const button = (
    <Button
      variant="outlined"
      fullWidth
      startIcon={<GoogleIcon />}
      disabled={!configured}
      onClick={() => startGoogleSignIn(loginReturnPath(state))}
    >
      {label}
    </Button>
  );
  if (configured || providers.isLoading) return button;
  return (
    <Tooltip title={GOOGLE_NOT_CONFIGURED}>
      {/* Focusable so keyboard users get the tooltip too; a group may carry its aria-label. */}
      <Box component="span" role="group" tabIndex={0} sx={{ display: 'block' }}>
        {button}
      </Box>
    </Tooltip>
  );
}
