import { WEBHOOK_ATTEMPTS, webhookRetryDelay, webhookRetrySpanMs } from './webhook-backoff';

describe('webhook retry delays', () => {
  it('start at the base and double', () => {
    expect([1, 2, 3, 4].map((made) => webhookRetryDelay(made, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it('stop growing at 4 h for a 30 s base', () => {
    expect(webhookRetryDelay(12, 30_000)).toBe(4 * 3_600_000);
    expect(webhookRetryDelay(40, 30_000)).toBe(4 * 3_600_000);
  });

  it('spread the tries of one delivery over about a day', () => {
    const hours = webhookRetrySpanMs(30_000) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    expect(WEBHOOK_ATTEMPTS).toBe(15);
  });

  it('scale with a short base, for tests', () => {
    expect(webhookRetryDelay(3, 50)).toBe(200);
  });
});
