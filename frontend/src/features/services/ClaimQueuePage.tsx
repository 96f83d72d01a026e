import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AdminPageLinks } from '../../components/AdminPageLinks';
import { LoadError } from '../../components/LoadError';
import { TitledPage } from '../../components/TitledPage';
import { paths } from '../../config/paths';
import {
  useApproveServiceClaimMutation,
  useListClaimsAwaitingDecisionQuery,
  useRejectServiceClaimMutation,
  type ClaimDto,
} from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

/** Approve makes the claimant the owner; Reject needs a reason, which the claimant is told. */
function ClaimDecisions({ claim }: { claim: ClaimDto }) {
  const [approve, approving] = useApproveServiceClaimMutation();
  const [reject, rejecting] = useRejectServiceClaimMutation();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const dispatch = useAppDispatch();
  const told = (error: unknown, done: string) =>
    dispatch(error ? toastShown(errorMessage(error as never), 'error') : toastShown(done));
  const ids = { id: claim.serviceId, userId: claim.userId };
  return (
    <CardActions sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        color="success"
        disabled={approving.isLoading}
        onClick={async () => told((await approve(ids)).error, 'Claim approved')}
      >
        Approve
      </Button>
      <TextField
        id={reasonId}
        size="small"
        label="Reason to reject"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        sx={{ flex: '1 1 14rem' }}
      />
      <Button
        color="error"
        disabled={rejecting.isLoading}
        onClick={async () =>
          told((await reject({ ...ids, rejectClaimDto: { reason } })).error, 'Claim rejected')
        }
      >
        Reject
      </Button>
    </CardActions>
  );
}

/** /admin/claims: claims confirmed through the e-mailed link, waiting for an admin's decision. */
export function ClaimQueuePage() {
  const { data, error, isLoading, refetch } = useListClaimsAwaitingDecisionQuery();
  return (
    <TitledPage title="Claims of services">
      <AdminPageLinks />
      {isLoading && <CircularProgress aria-label="Loading claims" />}
      {error && <LoadError error={error} onRetry={refetch} />}
      {data?.length === 0 && <Typography>No claims are waiting.</Typography>}
      <Stack spacing={2}>
        {data?.map((claim) => (
          <Card
            key={`${claim.serviceId}:${claim.userId}`}
            component="article"
            variant="outlined"
            aria-label={`Claim of ${claim.serviceTitle}`}
          >
            <CardContent sx={{ overflowWrap: 'anywhere' }}>
              <Typography component="h2" variant="h6">
                <Link component={RouterLink} to={paths.service.getHref(claim.serviceId)}>
                  {claim.serviceTitle}
                </Link>
              </Typography>
              <Typography>Website: {claim.website}</Typography>
              <Typography>Confirmed by: {claim.email}</Typography>
              {claim.confirmedAt && (
                <Typography variant="body2" color="text.secondary">
                  Confirmed {formatDateTime(claim.confirmedAt)}
                </Typography>
              )}
            </CardContent>
            <ClaimDecisions claim={claim} />
          </Card>
        ))}
      </Stack>
    </TitledPage>
  );
}
