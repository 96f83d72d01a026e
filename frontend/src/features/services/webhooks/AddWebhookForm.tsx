import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import {
  useAddWebhookMutation,
  type WebhookCreatedDto,
  type WebhookEventType,
} from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { SecretField } from './SecretField';
import { WEBHOOK_EVENTS } from './webhookEvents';

/** Adds a webhook: its URL and events; then shows its signing secret to copy. */
export function AddWebhookForm({ serviceId }: { serviceId: string }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['review.created']);
  const [created, setCreated] = useState<WebhookCreatedDto | null>(null);
  const [add, { isLoading, error }] = useAddWebhookMutation();

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((chosen) => (on ? [...chosen, type] : chosen.filter((other) => other !== type)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await add({ id: serviceId, createWebhookDto: { url: url.trim(), events } });
    if (result.data) {
      setCreated(result.data);
      setUrl('');
    }
  };

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        aria-label="Add a webhook"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <Stack spacing={1}>
          <TextField
            label="Webhook URL"
            placeholder="https://hooks.example.com/service-critic"
            size="small"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <FormGroup aria-labelledby={`${serviceId}-events`}>
            <FormLabel id={`${serviceId}-events`}>Events</FormLabel>
            {WEBHOOK_EVENTS.map(({ type, label }) => (
              <FormControlLabel
                key={type}
                label={`${label} (${type})`}
                control={
                  <Checkbox
                    size="small"
                    checked={events.includes(type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                  />
                }
              />
            ))}
          </FormGroup>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={isLoading || events.length === 0 || url.trim() === ''}
            >
              Add webhook
            </Button>
          </Box>
        </Stack>
      </Box>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {created && (
        <Alert severity="success" role="status">
          Webhook added. Copy its signing secret into your receiver: you can reveal it again later.
          <SecretField secret={created.secret} />
        </Alert>
      )}
    </Stack>
  );
}
