import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Link as RouterLink } from 'react-router-dom';
import { selectCurrentUser } from '../../auth/authSlice';
import { paths } from '../../config/paths';
import type { ServiceDto } from '../../lib/api/client';
import { useAppSelector } from '../../lib/hooks';

export const CLAIMED_MEANING =
  'The business proved it controls this website, and an admin checked it: the business manages this page.';
export const UNCLAIMED_MEANING =
  'The business has not claimed this page: anyone may have added it.';

/**
 * "Claimed" or "Unclaimed", with what it means (a tooltip, and the words read to screen readers);
 * an unclaimed service with a website offers signed-in users to claim it.
 */
export function ClaimMark({ service }: { service: ServiceDto }) {
  const user = useAppSelector(selectCurrentUser);
  const claimed = Boolean(service.claimedAt);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', my: 1 }}
    >
      <Tooltip title={claimed ? CLAIMED_MEANING : UNCLAIMED_MEANING} describeChild>
        <Chip
          tabIndex={0}
          size="small"
          variant={claimed ? 'filled' : 'outlined'}
          color={claimed ? 'success' : 'default'}
          icon={claimed ? <VerifiedIcon /> : undefined}
          label={claimed ? 'Claimed' : 'Unclaimed'}
        />
      </Tooltip>
      {!claimed && user && service.permissions.claim && (
        <Typography variant="body2">
          Is this your business?{' '}
          <Link component={RouterLink} to={paths.serviceClaim.getHref(service._id)}>
            Claim it
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
