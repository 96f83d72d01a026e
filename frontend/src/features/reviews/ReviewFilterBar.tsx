import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { StarDistributionDto } from '../../lib/api/client';
import { NO_REVIEW_FILTERS, isFiltered, type ReviewFilters } from '../../lib/reviewFiltersParam';
import { ToggleChip } from '../../components/ToggleChip';
import { ReviewSearchBox } from './ReviewSearchBox';
import { StarFilter } from './StarFilter';

interface ReviewFilterBarProps {
  /** The service's star counts (absent while it loads: no star toggles yet). */
  distribution?: StarDistributionDto;
  filters: ReviewFilters;
  /** The filters changed (those not named stay as they are). */
  onChange: (changes: Partial<ReviewFilters>) => void;
}

/**
 * The filters of a service's reviews: star toggles (several at once), "With replies",
 * "Verified customers", a search within them, and a way back to all of them.
 */
export function ReviewFilterBar({ distribution, filters, onChange }: ReviewFilterBarProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {distribution && (
        <StarFilter
          distribution={distribution}
          value={filters.stars}
          onChange={(stars) => onChange({ stars })}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleChip
          label="With replies"
          pressed={filters.replied}
          onToggle={() => onChange({ replied: !filters.replied })}
        />
        <ToggleChip
          label="Verified customers"
          pressed={filters.verified}
          onToggle={() => onChange({ verified: !filters.verified })}
        />
        <ReviewSearchBox value={filters.q} onSearch={(q) => onChange({ q })} />
        {isFiltered(filters) && (
          <Button size="small" onClick={() => onChange(NO_REVIEW_FILTERS)}>
            Clear filters
          </Button>
        )}
      </Box>
    </Box>
  );
}
