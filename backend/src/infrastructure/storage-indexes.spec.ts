import { ferretdbIndexes } from './storage-indexes';

describe('ferretdbIndexes', () => {
  it('keeps the unique indexes and adds one per key group, leaving the sort indexes out', () => {
    const wanted = ferretdbIndexes('reviews', [
      [{ authorId: 1, service: 1 }, { unique: true }],
      [{ pending: 1 }, {}],
      [{ service: 1, status: 1, createdAt: -1, _id: -1 }, {}],
      [{ status: 1, rating: -1, createdAt: -1, _id: -1 }, {}],
    ]);
    expect(wanted).toEqual([
      { fields: { authorId: 1, service: 1 }, options: { unique: true } },
      { fields: { service: 1 }, options: {} },
      { fields: { authorId: 1 }, options: {} },
      { fields: { pending: 1 }, options: {} },
      { fields: { reported: 1 }, options: {} },
      { fields: { appealOpen: 1 }, options: {} },
    ]);
  });

  it('gives a small collection its unique indexes only', () => {
    expect(
      ferretdbIndexes('services', [
        [{ title: 1 }, { unique: true }],
        [{ ratingScore: -1, _id: -1 }, {}],
      ]),
    ).toEqual([{ fields: { title: 1 }, options: { unique: true } }]);
  });

  it('does not repeat a key group that a unique index already covers', () => {
    expect(
      ferretdbIndexes('identities', [[{ provider: 1, subject: 1 }, { unique: true }]]),
    ).toEqual([
      { fields: { provider: 1, subject: 1 }, options: { unique: true } },
      { fields: { userId: 1 }, options: {} },
    ]);
  });
});
