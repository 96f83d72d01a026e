import Alert from '@mui/material/Alert';
import { formatDate } from '../../lib/dates';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useSubheading } from '../../components/headingLevel';
import { useInviteCustomerMutation, type InvitationCreatedDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';

/**
 * The owner's "Invite customers" panel on their service's page: a single-use link to review the
 * service, e-mailed to the customer when an address is given (and mail is set up), else copied.
 */
export function InviteCustomersPanel({ serviceId }: { serviceId: string }) {
  const heading = useSubheading();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<InvitationCreatedDto | null>(null);
  const [copied, setCopied] = useState(false);
  const [invite, { isLoading, error }] = useInviteCustomerMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    const address = email.trim();
    const result = await invite({
      id: serviceId,
      createInvitationDto: address ? { email: address } : {},
    });
    if (result.data) {
      setCreated(result.data);
      setEmail('');
    }
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.url);
    setCopied(true);
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography id={headingId} component={heading} variant="h6">
          Invite customers
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Send a customer a link to review this service: it works once, and their review carries the
          Verified customer label.
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void submit(event)}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label="Customer's e-mail (optional)"
            type="email"
            size="small"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            sx={{ minWidth: 260, flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ minHeight: 40 }}>
            Create invitation link
          </Button>
        </Box>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {created && (
          <Stack spacing={1}>
            <Alert severity="success" role="status">
              {created.emailed
                ? 'The invitation was e-mailed. You can also copy its link.'
                : 'Copy this link and send it to your customer.'}{' '}
              It works once, until {formatDate(created.expiresAt)}.
            </Alert>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                label="Invitation link"
                value={created.url}
                size="small"
                slotProps={{ htmlInput: { readOnly: true } }}
                onFocus={(event) => event.target.select()}
                sx={{ flex: 1, minWidth: 260 }}
              />
              <Button variant="outlined" onClick={() => void copy()} sx={{ minHeight: 40 }}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            </Box>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
