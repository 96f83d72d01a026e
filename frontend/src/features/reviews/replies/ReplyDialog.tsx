import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

export const MAX_REPLY_LENGTH = 2000;

interface ReplyDialogProps {
  open: boolean;
  busy: boolean;
  /** The reply's current text when editing it. */
  initialText?: string;
  /** Why the server refused the last attempt, in its words. */
  refusal?: string;
  onSend: (text: string) => void;
  onCancel: () => void;
}

/** The business's public reply to a review: written once, then edited (earlier text is kept). */
export function ReplyDialog({
  open,
  busy,
  initialText,
  refusal,
  onSend,
  onCancel,
}: ReplyDialogProps) {
  const [text, setText] = useState(initialText ?? '');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const editing = initialText !== undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length === 0) {
      setError('Write your reply');
      return;
    }
    if (trimmed.length > MAX_REPLY_LENGTH) {
      setError(`Keep it to ${MAX_REPLY_LENGTH} characters`);
      return;
    }
    onSend(trimmed);
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{editing ? 'Edit your reply' : 'Reply to this review'}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <DialogContentText>
            {editing
              ? 'Everyone can read the earlier versions of your reply.'
              : 'Your reply is public and shown under the review, as from your business. You can reply once and edit it later.'}
          </DialogContentText>
          <TextField
            label="Your reply"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error}
            required
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {editing ? 'Save reply' : 'Post reply'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
