import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { StarDistributionDto } from '../../lib/api/client';
import type { StarChoice } from '../../lib/reviewStarsParam';

const STARS: StarChoice[] = [5, 4, 3, 2, 1];

/** "5 stars (12)": an option's words, with the count the service's counters hold. */
export function starOptionLabel(stars: StarChoice, count: number): string {
  return `${stars} ${stars === 1 ? 'star' : 'stars'} (${count})`;
}

interface StarFilterProps {
  distribution: StarDistributionDto;
  total: number;
  value: StarChoice | null;
  onChange: (stars: StarChoice | null) => void;
}

/** Filters a service's reviews by stars; each option says how many reviews it shows. */
export function StarFilter({ distribution, total, value, onChange }: StarFilterProps) {
  return (
    <TextField
      select
      size="small"
      label="Stars"
      value={value === null ? 'all' : String(value)}
      onChange={(event) =>
        onChange(event.target.value === 'all' ? null : (Number(event.target.value) as StarChoice))
      }
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="all">All stars ({total})</MenuItem>
      {STARS.map((stars) => (
        <MenuItem key={stars} value={String(stars)}>
          {starOptionLabel(stars, distribution[stars])}
        </MenuItem>
      ))}
    </TextField>
  );
}
