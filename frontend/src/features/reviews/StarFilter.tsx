import Box from '@mui/material/Box';
import type { StarDistributionDto } from '../../lib/api/client';
import type { StarChoice } from '../../lib/reviewFiltersParam';
import { ToggleChip } from '../../components/ToggleChip';

const STARS: StarChoice[] = [5, 4, 3, 2, 1];

/** "5 stars (12)": a toggle's words, with the count the service's counters hold. */
export function starOptionLabel(stars: StarChoice, count: number): string {
  return `${stars} ${stars === 1 ? 'star' : 'stars'} (${count})`;
}

interface StarFilterProps {
  distribution: StarDistributionDto;
  value: StarChoice[];
  onChange: (stars: StarChoice[]) => void;
}

/**
 * Filters a service's reviews by stars, several at once (a review with any of them is listed);
 * each toggle says how many reviews it adds. None pressed: every star count.
 */
export function StarFilter({ distribution, value, onChange }: StarFilterProps) {
  const toggle = (stars: StarChoice) =>
    onChange(
      value.includes(stars)
        ? value.filter((chosen) => chosen !== stars)
        : [...value, stars].sort((a, b) => a - b),
    );
  return (
    <Box role="group" aria-label="Stars" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {STARS.map((stars) => (
        <ToggleChip
          key={stars}
          label={starOptionLabel(stars, distribution[stars])}
          pressed={value.includes(stars)}
          onToggle={() => toggle(stars)}
        />
      ))}
    </Box>
  );
}
