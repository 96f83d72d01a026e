import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface AverageStarsProps {
  average: number;
  count: number;
  /** What was rated, when not the whole service (a courier criterion). */
  subject?: string;
  size?: 'small' | 'medium' | 'large';
}

const STARS = [1, 2, 3, 4, 5] as const;
/** The font sizes of MUI's Rating, which the review form's stars use. */
const STAR_SIZE = { small: '1.125rem', medium: '1.5rem', large: '1.875rem' } as const;
/** The colour of MUI Rating's filled stars. */
const FILLED = '#faaf00';

/** The label screen readers hear for a service's stars. */
export function averageStarsLabel(average: number, count: number, subject?: string): string {
  const prefix = subject ? `${subject}: ` : '';
  if (count === 0) return `${prefix}No reviews yet`;
  const reviews = count === 1 ? '1 review' : `${count} reviews`;
  return `${prefix}Rated ${average.toFixed(1)} out of 5 from ${reviews}`;
}

function StarRow({ color }: { color: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', color }}>
      {STARS.map((star) => (
        <StarIcon key={star} fontSize="inherit" />
      ))}
    </Box>
  );
}

/**
 * Five stars filled to the average, a tenth at a time: grey stars under gold ones cut to the
 * average's width (ten elements, where MUI's Rating at a precision of 0.1 draws fifty).
 */
function StarMeter({
  average,
  label,
  size,
}: {
  average: number;
  label: string;
  size: keyof typeof STAR_SIZE;
}) {
  const filledPercent = (Math.min(Math.max(average, 0), 5) / 5) * 100;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{ position: 'relative', display: 'inline-flex', fontSize: STAR_SIZE[size] }}
    >
      <StarRow color="action.disabled" />
      <Box
        component="span"
        sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
        style={{ width: `${filledPercent}%` }}
      >
        <StarRow color={FILLED} />
      </Box>
    </Box>
  );
}

/** A service's average stars (read-only) with the average and review count beside them. */
export function AverageStars({ average, count, subject, size = 'small' }: AverageStarsProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <StarMeter average={average} label={averageStarsLabel(average, count, subject)} size={size} />
      <Typography variant="body2" color="text.secondary" aria-hidden>
        {count === 0 ? 'No reviews yet' : `${average.toFixed(1)} (${count})`}
      </Typography>
    </Box>
  );
}
