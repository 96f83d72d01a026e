import Alert from '@mui/material/Alert';
import { formatDate } from '../../lib/dates';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { TitledPage } from '../../components/TitledPage';
import { paths } from '../../config/paths';
import { useGetInvitationQuery } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';

/** Where an invitation link's review form is: the service's page, carrying the token. */
export function invitedReviewHref(serviceId: string, token: string): string {
  return `${paths.service.getHref(serviceId)}?invitation=${encodeURIComponent(token)}`;
}

/**
 * /invitations/:token: a business's invitation to review it. While the link works it opens the
 * review form on the service's page; a used or expired link says so.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { data: invitation, error, isLoading } = useGetInvitationQuery({ token });
  if (isLoading) return <PageLoading />;
  return (
    <TitledPage title="Your invitation to review">
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {invitation?.state === 'open' && (
        <>
          <Typography>
            {invitation.serviceTitle} invites you to review their service. Your review will carry
            the Verified customer label. The link works once, until{' '}
            {formatDate(invitation.expiresAt)}.
          </Typography>
          <div>
            <Button
              component={RouterLink}
              to={invitedReviewHref(invitation.serviceId, token)}
              variant="contained"
            >
              Write your review
            </Button>
          </div>
        </>
      )}
      {invitation?.state === 'used' && (
        <Alert severity="warning">
          This invitation to review {invitation.serviceTitle} was used already: each link is for one
          review.
        </Alert>
      )}
      {invitation?.state === 'expired' && (
        <Alert severity="warning">
          This invitation to review {invitation.serviceTitle} has expired: ask the business for a
          new link.
        </Alert>
      )}
    </TitledPage>
  );
}
