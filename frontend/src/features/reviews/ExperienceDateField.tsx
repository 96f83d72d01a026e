import TextField from '@mui/material/TextField';
import { today } from '../../lib/dates';

interface ExperienceDateFieldProps {
  /** "YYYY-MM-DD", or '' when not given. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The review forms' optional "Date of experience": a day of the last 2 years, none in the future. */
export function ExperienceDateField({ value, onChange, error }: ExperienceDateFieldProps) {
  return (
    <TextField
      label="Date of experience"
      type="date"
      name="experiencedAt"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'Optional: the day the delivery or service happened'}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
    />
  );
}
