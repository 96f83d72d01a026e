import { describe, expect, it } from 'vitest';
import type { ComparedServiceDto } from '../../../lib/api/client';
import { serviceFixture } from '../../../test/serviceFixture';
import { compareGroups, namesInSentence } from './compareRows';

function compared(overrides: Parameters<typeof serviceFixture>[0]): ComparedServiceDto {
  const { _id, title, image, category_id, rating, score, replies, verified } =
    serviceFixture(overrides);
  return { _id, title, image, category_id, rating, score, replies, verified };
}

const base = serviceFixture();
const rated = (average: number, count: number, speed: number | null) => ({
  ...base.rating,
  average,
  count,
  distribution: { '1': 0, '2': 0, '3': 0, '4': count, '5': 0 },
  criteria: { ...base.rating.criteria, speed: { average: speed, count: speed === null ? 0 : 1 } },
});

const services = [
  compared({
    _id: 'a',
    rating: rated(4, 4, 3.5),
    score: { ...base.score, value: 3.91 },
    replies: { replied: 1, share: 0.25 },
    verified: { verified: 2, share: 0.5 },
  }),
  compared({
    _id: 'b',
    rating: rated(4, 8, 4.5),
    score: { ...base.score, value: 4.02 },
    replies: { replied: 2, share: 0.25 },
    verified: { verified: 0, share: 0 },
  }),
  compared({ _id: 'c' }),
];

const row = (label: string) =>
  compareGroups(services)
    .flatMap((group) => group.rows)
    .find((each) => each.label === label);

describe('the comparison rows', () => {
  it('marks the highest value of a row best, and only that one', () => {
    expect(row('Score')?.cells).toEqual([
      { text: '3.91', best: false },
      { text: '4.02', best: true },
      { text: 'Not rated yet', best: false },
    ]);
    expect(row('Speed')?.cells.map((cell) => cell.best)).toEqual([false, true, false]);
    expect(row('Reviews by verified customers')?.cells).toEqual([
      { text: '50%', best: true },
      { text: '0%', best: false },
      { text: 'No reviews yet', best: false },
    ]);
  });

  it('marks no best when the services tie or only one has a value', () => {
    expect(row('Average stars')?.cells).toEqual([
      { text: '4.0 / 5', best: false },
      { text: '4.0 / 5', best: false },
      { text: 'No reviews yet', best: false },
    ]);
    // Equal shares: nobody is best; an unreviewed service has no share to rank.
    expect(row('Reviews replied to')?.cells.map((cell) => cell.best)).toEqual([
      false,
      false,
      false,
    ]);
    expect(row('Tracking')?.cells.map((cell) => cell.text)).toEqual([
      'None yet',
      'None yet',
      'None yet',
    ]);
  });

  it('shows each star count with its share, without a best', () => {
    expect(row('4 stars')?.cells).toEqual([
      { text: '4 (100%)', best: false },
      { text: '8 (100%)', best: false },
      { text: '0', best: false },
    ]);
    expect(compareGroups(services).map((group) => group.heading)).toEqual([
      'Overall',
      'Stars given',
      'Criteria',
      'Replies and customers',
    ]);
  });

  it('names the services in a sentence', () => {
    expect(namesInSentence(['A', 'B', 'C'])).toBe('A, B and C');
    expect(namesInSentence(['A', 'B'])).toBe('A and B');
  });
});
