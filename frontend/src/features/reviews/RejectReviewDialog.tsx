import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

const MIN_REASON_LENGTH = 3;

interface RejectReviewDialogProps {
  /** The dialog's question; one review by default. */
  title?: string;
  /** The confirming button's label: Reject by default. */
  confirmLabel?: string;
  open: boolean;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks the moderator why a review is rejected (or stays so): the author sees the reason on their
 * reviews.
 */
export function RejectReviewDialog({
  title = 'Reject this review?',
  confirmLabel = 'Reject',
  open,
  busy,
  onReject,
  onCancel,
}: RejectReviewDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < MIN_REASON_LENGTH) {
      setError(`Give a reason of at least ${MIN_REASON_LENGTH} characters`);
      return;
    }
    onReject(trimmed);
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <DialogContentText>The author will see your reason with their review.</DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error !== null}
            helperText={error}
            required
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
