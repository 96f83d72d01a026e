import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { RatingSummaryDto } from '../../lib/api/client';
import { CRITERIA } from './criteria';
import {
  REVIEWS_SECTION_ID,
  searchOf,
  withStars,
  type StarChoice,
} from '../../lib/reviewFiltersParam';
import { AverageStars } from './AverageStars';

const STARS = ['5', '4', '3', '2', '1'] as const;

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100);

/**
 * A service's average, how many reviews gave each star count (5 to 1), each a link to its
 * reviews, and criteria averages.
 */
export function RatingSummary({ rating }: { rating: RatingSummaryDto }) {
  const [search] = useSearchParams();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="rating-summary-heading"
      sx={{ p: 3, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      <Box>
        <Typography id="rating-summary-heading" variant="h6" component="h2" gutterBottom>
          Ratings
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
          <Typography component="p" variant="h3">
            {rating.count === 0 ? '–' : rating.average.toFixed(1)}
          </Typography>
          <Typography color="text.secondary">out of 5</Typography>
        </Box>
        <AverageStars average={rating.average} count={rating.count} size="medium" />
        <Box
          component="ul"
          aria-label="Star distribution"
          sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}
        >
          {STARS.map((stars) => {
            const count = rating.distribution[stars];
            const share = percent(count, rating.count);
            const label = stars === '1' ? '1 star' : `${stars} stars`;
            return (
              <Box
                component="li"
                key={stars}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '4.5rem 1fr 2.5rem',
                  alignItems: 'center',
                  gap: 1,
                }}
              >
                <Typography variant="body2">
                  {count > 0 ? (
                    <Link
                      component={RouterLink}
                      to={{
                        search: searchOf(withStars(search, Number(stars) as StarChoice)),
                        hash: REVIEWS_SECTION_ID,
                      }}
                      aria-label={`Show the ${count} ${count === 1 ? 'review' : 'reviews'} with ${label}`}
                    >
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={share}
                  aria-label={`${label}: ${count} of ${rating.count} reviews`}
                  sx={{ height: 10, borderRadius: 5 }}
                />
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
                  {count}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Courier criteria
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {CRITERIA.map(({ key, label }) => {
            const criterion = rating.criteria[key];
            return (
              <li key={key}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <AverageStars
                  average={criterion.average ?? 0}
                  count={criterion.count}
                  subject={label}
                />
              </li>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}
