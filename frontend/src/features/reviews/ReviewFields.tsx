import TextField from '@mui/material/TextField';
import type { ReviewFieldErrors, ReviewFieldValues } from './reviewFields';

interface ReviewFieldsProps {
  values: ReviewFieldValues;
  errors: ReviewFieldErrors;
  onChange: (field: keyof ReviewFieldValues, value: string) => void;
}

/** Service Title, Service ID and Review: the fields of both review forms. */
export function ReviewFields({ values, errors, onChange }: ReviewFieldsProps) {
  /** What every field shares: its value, its change, its message, and that it is required. */
  const fieldProps = (name: keyof ReviewFieldValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    required: true,
    fullWidth: true,
  });

  return (
    <>
      <TextField label="Service Title" {...fieldProps('title')} />
      <TextField
        label="Service ID"
        type="number"
        {...fieldProps('serviceID')}
        slotProps={{ htmlInput: { min: 1, max: 9999, step: 1, inputMode: 'numeric' } }}
      />
      <TextField label="Review" {...fieldProps('details')} multiline minRows={4} />
    </>
  );
}
