import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useGetServiceTrendQuery, type TrendMonthDto } from '../../lib/api/client';
import { formatMonth } from '../../lib/dates';

/** Fewer rated months than this say nothing of a trend: no chart. */
export const MIN_RATED_MONTHS = 2;
/** Nor do fewer reviews than this. */
export const MIN_TREND_REVIEWS = 5;

const WIDTH = 240;
const HEIGHT = 64;
const PAD = 6;

function x(index: number, months: number): number {
  return PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, months - 1);
}

/** 1 star at the bottom, 5 at the top. */
function y(average: number): number {
  return HEIGHT - PAD - ((average - 1) * (HEIGHT - 2 * PAD)) / 4;
}

/** The line's runs of consecutive rated months (a month without reviews breaks it). */
function runsOf(months: TrendMonthDto[]): { index: number; average: number }[][] {
  const runs: { index: number; average: number }[][] = [];
  let run: { index: number; average: number }[] = [];
  months.forEach((month, index) => {
    if (month.average === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push({ index, average: month.average });
  });
  if (run.length > 0) runs.push(run);
  return runs;
}

/** A sentence of what the chart shows, for everyone and for screen readers. */
export function trendSummary(months: TrendMonthDto[]): string {
  const rated = months.filter((month) => month.average !== null);
  const first = rated[0];
  const last = rated.at(-1)!;
  const reviews = months.reduce((sum, month) => sum + month.count, 0);
  return `Average stars by month over the last ${months.length} months (${reviews} reviews): ${first.average} in ${formatMonth(first.month)}, ${last.average} in ${formatMonth(last.month)}.`;
}

/** Whether the months hold enough reviews for a trend. */
export function showsTrend(months: TrendMonthDto[]): boolean {
  const rated = months.filter((month) => month.average !== null).length;
  const reviews = months.reduce((sum, month) => sum + month.count, 0);
  return rated >= MIN_RATED_MONTHS && reviews >= MIN_TREND_REVIEWS;
}

/**
 * The chart itself: a plain SVG line of the mean stars per month, server-rendered with the page
 * (no chart library: the public page pays nothing for it), titled by its summary.
 */
export function TrendChart({ months }: { months: TrendMonthDto[] }) {
  const titleId = useId();
  const summary = trendSummary(months);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        style={{ width: '100%', maxWidth: 360, height: 'auto', display: 'block' }}
      >
        <title id={titleId}>{summary}</title>
        {[1, 3, 5].map((stars) => (
          <line
            key={stars}
            x1={PAD}
            x2={WIDTH - PAD}
            y1={y(stars)}
            y2={y(stars)}
            stroke="#c4c4c4"
            strokeWidth={0.5}
          />
        ))}
        {runsOf(months).map((run) => (
          <g key={run[0].index}>
            <polyline
              fill="none"
              stroke="#1565c0"
              strokeWidth={2}
              points={run
                .map((point) => `${x(point.index, months.length)},${y(point.average)}`)
                .join(' ')}
            />
            {run.map((point) => (
              <circle
                key={point.index}
                cx={x(point.index, months.length)}
                cy={y(point.average)}
                r={2.5}
                fill="#1565c0"
              />
            ))}
          </g>
        ))}
      </svg>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}

/** /services/:id: the public rating trend of the last 12 months, when there is one to show. */
export function RatingTrend({ serviceId }: { serviceId: string }) {
  const { data } = useGetServiceTrendQuery({ id: serviceId });
  const headingId = useId();
  if (!data || !showsTrend(data)) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        Rating trend
      </Typography>
      <TrendChart months={data} />
    </Box>
  );
}
