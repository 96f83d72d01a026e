import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

const MIN_APPEAL_LENGTH = 10;

interface AppealDialogProps {
  open: boolean;
  busy: boolean;
  onAppeal: (text: string) => void;
  onCancel: () => void;
}

/** The author's appeal of a decision: one per decision, so it asks for the whole case. */
export function AppealDialog({ open, busy, onAppeal, onCancel }: AppealDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed.length < MIN_APPEAL_LENGTH) {
      setError(`Write at least ${MIN_APPEAL_LENGTH} characters`);
      return;
    }
    onAppeal(trimmed);
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Appeal this decision</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <DialogContentText>
            You can appeal each decision once. An admin reads your appeal and decides.
          </DialogContentText>
          <TextField
            label="Why the decision is wrong"
            value={text}
            onChange={(event) => setText(event.target.value)}
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
            Send appeal
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
