import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

/** What the opener of a reason dialog gives it, whatever the dialog asks. */
export interface ReasonDialogState {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
}

interface ReasonDialogProps extends ReasonDialogState {
  title: string;
  /** The sentence above the field: who reads the text, what happens next. */
  explanation: string;
  fieldLabel: string;
  /** The field's height in rows before it grows. */
  minRows: number;
  /** Whether the field is marked required; `validate` decides what is sent. */
  required?: boolean;
  /** The text the field starts with (e.g. the text being edited). */
  initialText?: string;
  /** Why the trimmed text cannot be sent, or undefined when it can. */
  validate: (text: string) => string | undefined;
  /** Whether the field's error goes as soon as the text changes, not at the next try. */
  clearErrorOnEdit?: boolean;
  /** Why the server refused the last attempt, in its words. */
  refusal?: string;
  confirmLabel: string;
  /** 'error' when confirming acts against someone (a rejection, a report). */
  confirmColor?: 'primary' | 'error';
  fullWidth?: boolean;
  /** Fields above the text (e.g. a report's reason): the text field then does not take the focus. */
  children?: ReactNode;
  /** Called with the trimmed text once `validate` passes it. */
  onConfirm: (text: string) => void;
}

/** A modal form that asks for a text (a reason, an appeal, a reply) and checks it before sending. */
export function ReasonDialog({
  open,
  busy,
  onCancel,
  title,
  explanation,
  fieldLabel,
  minRows,
  required = true,
  initialText,
  validate,
  clearErrorOnEdit = false,
  refusal,
  confirmLabel,
  confirmColor = 'primary',
  fullWidth = false,
  children,
  onConfirm,
}: ReasonDialogProps) {
  const [text, setText] = useState(initialText ?? '');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const problem = validate(trimmed);
    if (problem !== undefined) {
      setError(problem);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      fullWidth={fullWidth}
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {refusal}
            </Alert>
          )}
          <DialogContentText>{explanation}</DialogContentText>
          {children}
          <TextField
            label={fieldLabel}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (clearErrorOnEdit) setError(null);
            }}
            error={error !== null}
            helperText={error}
            required={required}
            fullWidth
            multiline
            minRows={minRows}
            margin="normal"
            autoFocus={children === undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" color={confirmColor} variant="contained" disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
