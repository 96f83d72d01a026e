import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';

interface AverageStarsProps {
  average: number;
  count: number;
  /** What was rated, when not the whole service (a courier criterion). */
  subject?: string;
  size?: 'small' | 'medium' | 'large';
}

/** The label screen readers hear for a service's stars. */
export function averageStarsLabel(average: number, count: number, subject?: string): string {
  const prefix = subject ? `${subject}: ` : '';
  if (count === 0) return `${prefix}No reviews yet`;
  const reviews = count === 1 ? '1 review' : `${count} reviews`;
  return `${prefix}Rated ${average.toFixed(1)} out of 5 from ${reviews}`;
}

/** A service's average stars (read-only) with the average and review count beside them. */
export function AverageStars({ average, count, subject, size = 'small' }: AverageStarsProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Rating
        value={average}
        precision={0.1}
        readOnly
        size={size}
        getLabelText={() => averageStarsLabel(average, count, subject)}
      />
      <Typography variant="body2" color="text.secondary" aria-hidden>
        {count === 0 ? 'No reviews yet' : `${average.toFixed(1)} (${count})`}
      </Typography>
    </Box>
  );
}
