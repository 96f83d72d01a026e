import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  useListWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
  type WebhookDeliveryDto,
} from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { formatDateTime } from '../../../lib/dates';

/** While a delivery waits for a try, the log is read again this often. */
const PENDING_POLL_MS = 1000;

const STATES: Record<WebhookDeliveryDto['state'], string> = {
  pending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};

function lastTryText(delivery: WebhookDeliveryDto): string {
  const last = delivery.tries.at(-1);
  if (!last) return 'Not tried yet';
  const answer = last.statusCode === null ? (last.error ?? 'No answer') : `HTTP ${last.statusCode}`;
  return `${answer} in ${last.durationMs} ms, ${formatDateTime(last.at)}`;
}

/** A webhook's latest deliveries, each with its last try and a Resend button. */
export function DeliveryLog({ serviceId, webhookId }: { serviceId: string; webhookId: string }) {
  const arg = { id: serviceId, webhookId };
  const { data, error, isLoading } = useListWebhookDeliveriesQuery(arg);
  const pending = data?.some((delivery) => delivery.state === 'pending') ?? false;
  useListWebhookDeliveriesQuery(arg, { pollingInterval: pending ? PENDING_POLL_MS : 0 });
  const [resend, resending] = useResendWebhookDeliveryMutation();

  if (isLoading) return <CircularProgress size={20} aria-label="Loading the delivery log" />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data || data.length === 0)
    return <Typography variant="body2">No deliveries yet.</Typography>;
  return (
    <>
      {resending.error && <Alert severity="error">{errorMessage(resending.error)}</Alert>}
      <Table size="small" aria-label="Delivery log">
        <TableHead>
          <TableRow>
            <TableCell>Event</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Tries</TableCell>
            <TableCell>Last try</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((delivery) => (
            <TableRow key={delivery._id}>
              <TableCell>{delivery.type}</TableCell>
              <TableCell>{STATES[delivery.state]}</TableCell>
              <TableCell>{delivery.tries.length}</TableCell>
              <TableCell>{lastTryText(delivery)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  disabled={resending.isLoading}
                  onClick={() => void resend({ ...arg, deliveryId: delivery._id })}
                >
                  Resend
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
