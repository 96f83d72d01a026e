import { addWeights, isLowStanding, reportWeight, type ReporterStanding } from './report-weight';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const standing = (fields: Partial<ReporterStanding>): ReporterStanding => ({
  accountCreatedAt: daysAgo(100),
  emailVerified: false,
  upheld: 0,
  dismissed: 0,
  ...fields,
});

describe('reportWeight', () => {
  it.each([
    [{ accountCreatedAt: daysAgo(100) }, 0],
    [{ accountCreatedAt: daysAgo(0.5), emailVerified: true }, 0],
    [{ accountCreatedAt: daysAgo(2), emailVerified: true }, 1],
    [{ accountCreatedAt: daysAgo(100), emailVerified: true }, 1.5],
  ])(
    'an unverified or day-old account weighs nothing, then by age: %j weighs %d',
    (fields, weight) => {
      expect(reportWeight(standing(fields), now)).toBe(weight);
    },
  );

  it('grows with upheld reports, up to double', () => {
    expect(reportWeight(standing({ emailVerified: true, upheld: 1 }), now)).toBe(3);
    expect(reportWeight(standing({ emailVerified: true, upheld: 9 }), now)).toBe(3);
  });

  it('drops with dismissed reports, down to a quarter', () => {
    expect(reportWeight(standing({ emailVerified: true, dismissed: 1 }), now)).toBe(0.5);
    expect(reportWeight(standing({ emailVerified: true, dismissed: 10 }), now)).toBe(0.38);
  });
});

describe('isLowStanding', () => {
  it('holds new accounts and those with more dismissed than upheld reports', () => {
    expect(isLowStanding(standing({ accountCreatedAt: daysAgo(2) }), now)).toBe(true);
    expect(isLowStanding(standing({ dismissed: 2, upheld: 1 }), now)).toBe(true);
    expect(isLowStanding(standing({ dismissed: 1, upheld: 1 }), now)).toBe(false);
  });
});

describe('addWeights', () => {
  it('sums hundredths exactly', () => {
    expect(addWeights(0.1, 0.2)).toBe(0.3);
    expect(addWeights(0.5, -0.5)).toBe(0);
  });
});
