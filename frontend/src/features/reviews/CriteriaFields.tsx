import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CriteriaDto } from '../../lib/api/client';
import { StarRatingField } from './StarRatingField';

type Criterion = keyof CriteriaDto;

/** The optional courier criteria of a review (CreateReviewDto.criteria). */
const criteria: { key: Criterion; label: string }[] = [
  { key: 'speed', label: 'Delivery speed' },
  { key: 'condition', label: 'Parcel condition' },
  { key: 'communication', label: 'Communication' },
  { key: 'tracking', label: 'Tracking' },
  { key: 'value', label: 'Value for money' },
];

interface CriteriaFieldsProps {
  value: CriteriaDto;
  onChange: (value: CriteriaDto) => void;
}

/** 1–5 stars per courier criterion, each optional; clicking a chosen star again clears it. */
export function CriteriaFields({ value, onChange }: CriteriaFieldsProps) {
  const setCriterion = (key: Criterion, stars: number | null) => {
    const { [key]: _previous, ...others } = value;
    onChange(stars === null ? others : { ...others, [key]: stars });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Courier criteria (optional)
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
          gap: 1,
        }}
      >
        {criteria.map(({ key, label }) => (
          <StarRatingField
            key={key}
            label={label}
            name={`criteria-${key}`}
            value={value[key] ?? null}
            onChange={(stars) => setCriterion(key, stars)}
          />
        ))}
      </Box>
    </Box>
  );
}
