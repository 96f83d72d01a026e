import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useSubheading } from '../../../components/headingLevel';
import { useListWebhooksQuery } from '../../../lib/api/client';
import { AddWebhookForm } from './AddWebhookForm';
import { WebhookItem } from './WebhookItem';

/**
 * A service's webhooks, for its owner: Service Critic POSTs its review events, signed as
 * Standard Webhooks, to each URL; here they are added, tested, watched and turned off.
 */
export function WebhooksPanel({ serviceId }: { serviceId: string }) {
  const heading = useSubheading();
  const headingId = useId();
  const { data, error, isLoading, isFetching, refetch } = useListWebhooksQuery({ id: serviceId });
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} component={heading} variant="subtitle1">
        Webhooks
      </Typography>
      <Typography variant="body2" color="text.secondary">
        We send each event to your URL as a signed POST (Standard Webhooks: check the
        webhook-signature header with your signing secret). Failed deliveries are tried again for a
        day.
      </Typography>
      {isLoading && <CircularProgress size={20} aria-label="Loading the webhooks" />}
      {error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {data?.map((webhook) => (
        <WebhookItem key={webhook._id} webhook={webhook} />
      ))}
      <AddWebhookForm serviceId={serviceId} />
    </Stack>
  );
}
