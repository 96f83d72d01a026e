import { loadConfig } from '../config/app-config';
import { burstVerdict, networkOf, type BurstEntry, type BurstSettings } from './burst-rule';

const settings: BurstSettings = loadConfig({
  MONGO_URL: 'mongodb://127.0.0.1/test',
  REDIS_URL: 'redis://127.0.0.1',
}).burst;

/** `count` reviews of `rating` stars, by new accounts or old, from `networks` networks in turn. */
function generated(
  count: number,
  { rating = 1, newAccount = true, networks = 1 } = {},
): BurstEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    rating,
    newAccount,
    network: `198.51.${index % networks}.0/24`,
  }));
}

/** Reviews by old accounts, each from its own network, with ratings spread from 1 to 5. */
function ordinary(count: number): BurstEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    rating: (index % 5) + 1,
    newAccount: false,
    network: `203.0.${index}.0/24`,
  }));
}

describe('the burst rule', () => {
  it('uses the documented defaults', () => {
    expect(settings).toEqual({
      windowMs: 60 * 60_000,
      minReviews: 8,
      extremeShare: 0.7,
      newAccountMs: 7 * 86_400_000,
      suspectShare: 0.7,
      fewNetworks: 3,
      rateMultiplier: 5,
      baselineDays: 30,
    });
  });

  it('needs the minimum number of reviews in the window', () => {
    expect(burstVerdict({ entries: generated(7), baselineCount: 7 }, settings).burst).toBe(false);
    expect(burstVerdict({ entries: generated(8), baselineCount: 8 }, settings)).toEqual({
      burst: true,
      direction: 'low',
      extreme: 8,
      signs: ['new-accounts', 'few-networks'],
    });
  });

  it('sees a burst of five-star reviews too', () => {
    const verdict = burstVerdict(
      { entries: generated(10, { rating: 5 }), baselineCount: 10 },
      settings,
    );
    expect(verdict).toMatchObject({ burst: true, direction: 'high', extreme: 10 });
  });

  it('new accounts spread over many networks are still a burst', () => {
    const entries = generated(12, { networks: 12 });
    expect(burstVerdict({ entries, baselineCount: 12 }, settings)).toMatchObject({
      burst: true,
      signs: ['new-accounts'],
    });
  });

  it('old accounts from few networks are a burst; from many networks they are not', () => {
    const few = generated(9, { newAccount: false, networks: 3 });
    expect(burstVerdict({ entries: few, baselineCount: 9 }, settings)).toMatchObject({
      burst: true,
      signs: ['few-networks'],
    });
    const many = generated(9, { newAccount: false, networks: 9 });
    expect(burstVerdict({ entries: many, baselineCount: 9 }, settings)).toMatchObject({
      burst: false,
      signs: [],
    });
  });

  it('mixed ratings are not a burst, whoever wrote them', () => {
    const mixed = [...generated(5, { rating: 1 }), ...generated(5, { rating: 5 })];
    expect(burstVerdict({ entries: mixed, baselineCount: 10 }, settings).burst).toBe(false);
    const spread = ordinary(20).map((entry) => ({ ...entry, newAccount: true }));
    expect(burstVerdict({ entries: spread, baselineCount: 20 }, settings).burst).toBe(false);
  });

  it('the share of extreme ratings counts from its threshold', () => {
    // 7 of 10 at one star is 70%: a burst; 6 of 10 is not.
    const seven = [...generated(7), ...ordinary(3).map((entry) => ({ ...entry, rating: 3 }))];
    expect(burstVerdict({ entries: seven, baselineCount: 10 }, settings).burst).toBe(true);
    const six = [...generated(6), ...ordinary(4).map((entry) => ({ ...entry, rating: 3 }))];
    expect(burstVerdict({ entries: six, baselineCount: 10 }, settings).burst).toBe(false);
  });

  it('a service with high normal traffic needs five times its usual hour', () => {
    const entries = generated(20);
    // Usually 1 an hour (720 in 30 days before the window): 20 is over 5 × 1. Usually 5 an hour
    // (3600): 20 is under 5 × 5.
    expect(burstVerdict({ entries, baselineCount: 720 + 20 }, settings).burst).toBe(true);
    expect(burstVerdict({ entries, baselineCount: 3600 + 20 }, settings).burst).toBe(false);
    // At 4 an hour (2880 before), 20 is exactly 5 × 4: a burst.
    expect(burstVerdict({ entries, baselineCount: 2880 + 20 }, settings).burst).toBe(true);
  });

  it('every number comes from the settings', () => {
    const strict = { ...settings, minReviews: 3, fewNetworks: 1, suspectShare: 1 };
    const entries = generated(3, { newAccount: false, networks: 1 });
    expect(burstVerdict({ entries, baselineCount: 3 }, strict)).toMatchObject({
      burst: true,
      signs: ['few-networks'],
    });
    expect(burstVerdict({ entries, baselineCount: 3 }, { ...strict, minReviews: 4 }).burst).toBe(
      false,
    );
  });
});

describe('networkOf', () => {
  it('takes the /24 of an IPv4 address, mapped into IPv6 or not', () => {
    expect(networkOf('198.51.100.23')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.99')).toBe('198.51.100.0/24');
  });

  it('takes the /48 of an IPv6 address, however it is written', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0DB8:ABCD:0012:0000:0000:0000:0002')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('keeps anything else as it is', () => {
    expect(networkOf('')).toBe('unknown');
    expect(networkOf('not-an-address')).toBe('not-an-address');
  });
});
