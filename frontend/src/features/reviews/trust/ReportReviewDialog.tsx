import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASON_LABELS, type ReportReason } from './reportReasons';

interface ReportReviewDialogProps {
  open: boolean;
  busy: boolean;
  onReport: (reason: ReportReason, text?: string) => void;
  onCancel: () => void;
}

/** Asks why the review is reported; "Other" needs a few words. */
export function ReportReviewDialog({ open, busy, onReport, onCancel }: ReportReviewDialogProps) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (reason === 'other' && trimmed.length < 3) {
      setError('Say in a few words what is wrong');
      return;
    }
    onReport(reason, trimmed || undefined);
  };

  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Report this review</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <DialogContentText>
            Moderators look at reported reviews. You can withdraw your report later.
          </DialogContentText>
          <RadioGroup
            aria-label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason)}
          >
            {Object.entries(REPORT_REASON_LABELS).map(([value, label]) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
            ))}
          </RadioGroup>
          <TextField
            label={reason === 'other' ? 'What is wrong' : 'Details (optional)'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={error !== null}
            helperText={error}
            required={reason === 'other'}
            fullWidth
            multiline
            minRows={2}
            margin="normal"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            Send report
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
