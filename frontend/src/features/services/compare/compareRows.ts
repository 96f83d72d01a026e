import type { ComparedServiceDto } from '../../../lib/api/client';
import { CRITERIA } from '../criteria';

/** One service's figure in a row: as shown, and whether it is the row's best. */
export interface CompareCell {
  text: string;
  best: boolean;
}

export interface CompareRow {
  label: string;
  cells: CompareCell[];
}

/** Rows under one heading of the table. */
export interface CompareGroup {
  heading: string;
  rows: CompareRow[];
}

const STARS = ['5', '4', '3', '2', '1'] as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;
const outOfFive = (value: number) => `${value.toFixed(1)} / 5`;

/**
 * A row where more is better: each service's value (null: none to show, `missing` instead), the
 * highest marked best, ties too; none when fewer than two have one or they are all alike.
 */
function ranked(
  label: string,
  services: readonly ComparedServiceDto[],
  valueOf: (service: ComparedServiceDto) => number | null,
  format: (value: number) => string,
  missing = 'None yet',
): CompareRow {
  const values = services.map(valueOf);
  const present = values.filter((value): value is number => value !== null);
  const highest = Math.max(...present);
  const ranks = present.length >= 2 && present.some((value) => value !== highest);
  return {
    label,
    cells: values.map((value) => ({
      text: value === null ? missing : format(value),
      best: ranks && value === highest,
    })),
  };
}

/** A row without a best: the share of one star count is neither good nor bad alone. */
function plain(
  label: string,
  services: readonly ComparedServiceDto[],
  textOf: (service: ComparedServiceDto) => string,
): CompareRow {
  return { label, cells: services.map((service) => ({ text: textOf(service), best: false })) };
}

/** A share of the published reviews, or null for a service without any. */
const shareOf = (service: ComparedServiceDto, share: number) =>
  service.rating.count > 0 ? share : null;

/** The comparison's rows, each service's figure in the order of `services`. */
export function compareGroups(services: readonly ComparedServiceDto[]): CompareGroup[] {
  return [
    {
      heading: 'Overall',
      rows: [
        ranked(
          'Score',
          services,
          (service) => service.score.value,
          (value) => value.toFixed(2),
          'Not rated yet',
        ),
        ranked(
          'Average stars',
          services,
          (service) => (service.rating.count > 0 ? service.rating.average : null),
          outOfFive,
          'No reviews yet',
        ),
        ranked('Reviews', services, (service) => service.rating.count, String),
      ],
    },
    {
      heading: 'Stars given',
      rows: STARS.map((stars) =>
        plain(stars === '1' ? '1 star' : `${stars} stars`, services, ({ rating }) => {
          const count = rating.distribution[stars];
          return rating.count > 0 ? `${count} (${percent(count / rating.count)})` : '0';
        }),
      ),
    },
    {
      heading: 'Criteria',
      rows: CRITERIA.map(({ key, label }) =>
        ranked(label, services, (service) => service.rating.criteria[key].average, outOfFive),
      ),
    },
    {
      heading: 'Replies and customers',
      rows: [
        ranked(
          'Reviews replied to',
          services,
          (service) => shareOf(service, service.replies.share),
          percent,
          'No reviews yet',
        ),
        ranked(
          'Reviews by verified customers',
          services,
          (service) => shareOf(service, service.verified.share),
          percent,
          'No reviews yet',
        ),
      ],
    },
  ];
}

/** "A", "A and B", "A, B and C": the compared services' names in a sentence. */
export function namesInSentence(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
