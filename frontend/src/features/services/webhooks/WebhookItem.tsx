import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useDeleteWebhookMutation,
  useLazyRevealWebhookSecretQuery,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookMutation,
  type WebhookDto,
} from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { formatDateTime } from '../../../lib/dates';
import { DeliveryLog } from './DeliveryLog';
import { SecretField } from './SecretField';

function StatusChip({ webhook }: { webhook: WebhookDto }) {
  if (webhook.enabled) return <Chip label="On" color="success" size="small" />;
  const label =
    webhook.disabledBecause === 'failures'
      ? `Off: ${webhook.failuresInARow} failed deliveries in a row`
      : 'Off';
  return <Chip label={label} color="warning" size="small" />;
}

function lastDeliveryText(webhook: WebhookDto): string {
  const last = webhook.lastTry;
  if (!last) return 'No deliveries yet.';
  const answer = last.statusCode === null ? 'no answer' : `HTTP ${last.statusCode}`;
  return `Last delivery: ${last.ok ? 'received' : 'failed'} (${answer}), ${formatDateTime(last.at)}.`;
}

/** One webhook: its state, and its owner's actions on it. */
export function WebhookItem({ webhook }: { webhook: WebhookDto }) {
  const arg = { id: webhook.serviceId, webhookId: webhook._id };
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [reveal, revealing] = useLazyRevealWebhookSecretQuery();
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [sendTest, testing] = useSendWebhookTestMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const failure = [revealing, rotating, testing, updating, removing].find((call) => call.error);

  const showSecret = async () => setSecret((await reveal(arg).unwrap()).secret);
  const rotateSecret = async () => setSecret((await rotate(arg).unwrap()).secret);
  const test = async () => {
    await sendTest(arg).unwrap();
    setShowLog(true);
  };

  return (
    <Paper component="article" variant="outlined" aria-label={webhook.url} sx={{ p: 2 }}>
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
            {webhook.url}
          </Typography>
          <StatusChip webhook={webhook} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          Events: {webhook.events.join(', ')}. {lastDeliveryText(webhook)}
          {webhook.previousSecretUntil &&
            ` The previous secret still signs until ${formatDateTime(webhook.previousSecretUntil)}.`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="contained"
            disabled={!webhook.enabled || testing.isLoading}
            onClick={() => void test().catch(() => undefined)}
          >
            Send test event
          </Button>
          <Button
            size="small"
            onClick={() => setShowLog((shown) => !shown)}
            aria-expanded={showLog}
          >
            Delivery log
          </Button>
          <Button size="small" onClick={() => void showSecret().catch(() => undefined)}>
            Reveal secret
          </Button>
          <Button size="small" onClick={() => void rotateSecret().catch(() => undefined)}>
            Rotate secret
          </Button>
          <Button
            size="small"
            disabled={updating.isLoading}
            onClick={() => void update({ ...arg, updateWebhookDto: { enabled: !webhook.enabled } })}
          >
            {webhook.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          {confirmDelete ? (
            <Button
              size="small"
              color="error"
              variant="contained"
              disabled={removing.isLoading}
              onClick={() => void remove(arg)}
            >
              Delete for good
            </Button>
          ) : (
            <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
        </Box>
        {failure?.error && <Alert severity="error">{errorMessage(failure.error)}</Alert>}
        {secret && <SecretField secret={secret} />}
        {showLog && <DeliveryLog serviceId={webhook.serviceId} webhookId={webhook._id} />}
      </Stack>
    </Paper>
  );
}
