import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { TitledPage } from '../../components/TitledPage';
import { paths } from '../../config/paths';
import {
  useClaimServiceMutation,
  useConfirmServiceClaimMutation,
  useGetServiceQuery,
  type ServiceDto,
} from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/api/errorMessage';
import { fieldErrorsOf, fieldFeedback } from '../../lib/api/fieldErrors';
import { claimDomainOf } from './claimDomain';

/** Step 1: an address at the website's domain, to which the API e-mails a one-time link. */
function RequestClaimForm({ service }: { service: ServiceDto }) {
  const domain = claimDomainOf(service.website ?? '');
  const [email, setEmail] = useState('');
  const [claim, { data: claimed, error, isLoading }] = useClaimServiceMutation();
  const fieldErrors = fieldErrorsOf(error, ['email']);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await claim({ id: service._id, requestClaimDto: { email } });
  };

  if (claimed) {
    return (
      <Alert severity="success">
        We e-mailed a link to {claimed.email}. Open it while signed in to confirm your claim; it
        works once, until {formatDateTime(claimed.codeExpiresAt ?? '')}.
      </Alert>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
    >
      <Typography>
        To show that you run {service.title}, give an e-mail address at <strong>{domain}</strong>,
        the domain of its website ({service.website}). We will e-mail it a link; once you open it,
        an admin checks the claim, and if they approve it you manage the page: you answer its
        reviews, invite its customers and edit its contact details.
      </Typography>
      {error && Object.keys(fieldErrors).length === 0 && (
        <Alert severity="error">{errorMessage(error)}</Alert>
      )}
      <TextField
        label="Your e-mail address"
        type="email"
        placeholder={domain ? `you@${domain}` : undefined}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
        {...fieldFeedback(fieldErrors, 'email')}
      />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        Send the link
      </Button>
    </Box>
  );
}

/** Step 2, from the e-mailed link: the claimant confirms, and the claim waits for an admin. */
function ConfirmClaim({ service, token }: { service: ServiceDto; token: string }) {
  const [confirm, { data: confirmed, error, isLoading }] = useConfirmServiceClaimMutation();
  if (confirmed) {
    return (
      <Alert severity="success">
        Your claim of {service.title} is confirmed and awaits approval: an admin checks it, and you
        will be notified of their decision.
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Typography>Confirm that you asked to manage the page of {service.title}.</Typography>
      <Button
        variant="contained"
        disabled={isLoading}
        onClick={() => confirm({ id: service._id, confirmClaimDto: { token } })}
      >
        Confirm the claim
      </Button>
    </Box>
  );
}

/**
 * /services/:id/claim: a signed-in user claims the service's page by proving control of its
 * website's e-mail domain. With `?token=` (the e-mailed link) it confirms the claim, on a click:
 * a mail scanner that opens the link confirms nothing.
 */
export function ServiceClaimPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const { data: service, error, isLoading, refetch } = useGetServiceQuery({ id });
  if (isLoading) return <PageLoading />;
  if (error || !service) return <LoadError error={error} onRetry={refetch} />;
  return (
    <TitledPage title={`Claim ${service.title}`}>
      {service.claimedAt ? (
        <Alert severity="info">This service has been claimed already.</Alert>
      ) : !service.website ? (
        <Alert severity="info">
          This service has no website, so there is nothing to prove control of yet.
        </Alert>
      ) : token ? (
        <ConfirmClaim service={service} token={token} />
      ) : (
        <RequestClaimForm service={service} />
      )}
      <Link component={RouterLink} to={paths.service.getHref(service._id)}>
        Back to {service.title}
      </Link>
    </TitledPage>
  );
}
