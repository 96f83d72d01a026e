import TextField from '@mui/material/TextField';
import type { ReviewFieldErrors, ReviewFieldValues } from './reviewFields';

interface ReviewFieldsProps {
  values: ReviewFieldValues;
  errors: ReviewFieldErrors;
  onChange: (field: keyof ReviewFieldValues, value: string) => void;
}

/** Service Title, Service ID and Review: the fields of both review forms. */
export function ReviewFields({ values, errors, onChange }: ReviewFieldsProps) {
  return (
    <>
      <TextField
        label="Service Title"
        name="title"
        value={values.title}
        onChange={(event) => onChange('title', event.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
        required
        fullWidth
      />
      <TextField
        label="Service ID"
        name="serviceID"
        type="number"
        value={values.serviceID}
        onChange={(event) => onChange('serviceID', event.target.value)}
        error={Boolean(errors.serviceID)}
        helperText={errors.serviceID}
        required
        fullWidth
        slotProps={{ htmlInput: { min: 1, max: 9999, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label="Review"
        name="details"
        value={values.details}
        onChange={(event) => onChange('details', event.target.value)}
        error={Boolean(errors.details)}
        helperText={errors.details}
        required
        fullWidth
        multiline
        minRows={4}
      />
    </>
  );
}
