import type { ServiceInsightsDto } from '../../lib/api/client';
import { formatMonth } from '../../lib/dates';

/** One line or set of bars of a chart: a value per label, null where there is none. */
export interface ChartSeries {
  label: string;
  data: (number | null)[];
}

/** One chart of the dashboard, as a chart and as a table of the same figures. */
export interface InsightChartSpec {
  id: string;
  title: string;
  /** What the figures say, in a sentence. */
  summary: string;
  kind: 'line' | 'bar';
  /** The x axis' labels (months or weeks) and the table's first column's heading. */
  axis: string;
  labels: string[];
  series: ChartSeries[];
  stacked?: boolean;
}

const CRITERIA = [
  ['speed', 'Speed'],
  ['tracking', 'Tracking'],
  ['condition', 'Condition'],
  ['communication', 'Communication'],
  ['value', 'Value'],
] as const;

const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);

function latest(values: (number | null)[]): { index: number; value: number } | null {
  for (let index = values.length - 1; index >= 0; index -= 1) {
    const value = values[index];
    if (value !== null) return { index, value };
  }
  return null;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The dashboard's charts, from the API's figures. */
export function insightCharts({ months, weeks }: ServiceInsightsDto): InsightChartSpec[] {
  const labels = months.map((month) => formatMonth(month.month));
  const span = `over the last ${plural(months.length, 'month')}`;
  const counts = months.map((month) => month.count);
  const averages = months.map((month) => month.average);
  const last = latest(averages);
  const lastScore = latest(months.map((month) => month.fairScore));
  const replies = sum(months.map((month) => month.replies));
  const reviews = sum(counts);
  const typical = latest(months.map((month) => month.typicalReplyHours));
  const stars = [1, 2, 3, 4, 5].map((star) => ({
    label: `${star} ★`,
    data: months.map((month) => month.stars[star - 1]),
  }));
  return [
    {
      id: 'rating',
      title: 'Rating by month',
      summary: last
        ? `${plural(reviews, 'published review')} ${span}; in ${labels[last.index]} the average was ${last.value} stars${lastScore ? ` and the fair score ${lastScore.value}` : ''}.`
        : `No published reviews ${span}.`,
      kind: 'line',
      axis: 'Month',
      labels,
      series: [
        { label: 'Average stars', data: averages },
        { label: 'Fair score', data: months.map((month) => month.fairScore) },
      ],
    },
    {
      id: 'stars',
      title: 'Stars by month',
      summary: `${stars
        .map((star) => `${plural(sum(star.data), 'review')} of ${star.label}`)
        .join(', ')} ${span}.`,
      kind: 'bar',
      axis: 'Month',
      labels,
      series: stars,
      stacked: true,
    },
    {
      id: 'criteria',
      title: 'Criteria by month',
      summary: `Average stars per criterion ${span}, where reviewers rated it.`,
      kind: 'line',
      axis: 'Month',
      labels,
      series: CRITERIA.map(([key, label]) => ({
        label,
        data: months.map((month) => month.criteria[key]),
      })),
    },
    {
      id: 'weeks',
      title: 'Reviews per week',
      summary: weeks.length
        ? `${plural(reviews, 'review')} in ${plural(weeks.length, 'week')} with reviews; the most in one week: ${Math.max(...weeks.map((week) => week.count))}.`
        : `No reviews ${span}.`,
      kind: 'bar',
      axis: 'Week',
      labels: weeks.map((week) => week.week),
      series: [{ label: 'Reviews', data: weeks.map((week) => week.count) }],
    },
    {
      id: 'replies',
      title: 'Replies',
      summary: reviews
        ? `You replied to ${replies} of ${plural(reviews, 'review')} ${span}${typical ? `; in ${labels[typical.index]} half the replies came within ${plural(typical.value, 'hour')}` : ''}.`
        : `No reviews to reply to ${span}.`,
      kind: 'bar',
      axis: 'Month',
      labels,
      series: [
        {
          label: 'Reply rate (%)',
          data: months.map((month) =>
            month.replyRate === null ? null : Math.round(month.replyRate * 100),
          ),
        },
        {
          label: 'Typical reply time (hours)',
          data: months.map((month) => month.typicalReplyHours),
        },
      ],
    },
    {
      id: 'reports',
      title: 'Reports',
      summary: `${plural(sum(months.map((m) => m.reportsOpened)), 'report')} of your reviews ${span}: ${sum(months.map((m) => m.reportsUpheld))} upheld, ${sum(months.map((m) => m.reportsDismissed))} dismissed.`,
      kind: 'bar',
      axis: 'Month',
      labels,
      series: [
        { label: 'Reports', data: months.map((month) => month.reportsOpened) },
        { label: 'Upheld', data: months.map((month) => month.reportsUpheld) },
        { label: 'Dismissed', data: months.map((month) => month.reportsDismissed) },
      ],
    },
    {
      id: 'invitations',
      title: 'Invitations',
      summary: `${plural(sum(months.map((m) => m.invitationsSent)), 'invitation')} sent and ${plural(sum(months.map((m) => m.invitationsReviewed)), 'review')} written through one ${span}.`,
      kind: 'bar',
      axis: 'Month',
      labels,
      series: [
        { label: 'Sent', data: months.map((month) => month.invitationsSent) },
        { label: 'Reviewed', data: months.map((month) => month.invitationsReviewed) },
      ],
    },
  ];
}
