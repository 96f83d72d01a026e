import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';

interface StarRatingFieldProps {
  label: string;
  /** The radio group's name; unique on the page. */
  name: string;
  value: number | null;
  onChange: (value: number | null) => void;
  required?: boolean;
  error?: string;
}

/** 1–5 stars to pick, labelled by its legend (MUI Rating renders one radio per star). */
export function StarRatingField({
  label,
  name,
  value,
  onChange,
  required = false,
  error,
}: StarRatingFieldProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color={error ? 'error' : 'text.secondary'}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Typography>
      <Rating name={name} value={value} onChange={(_event, next) => onChange(next)} />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
