import { describe, expect, it } from 'vitest';
import { replyRateText, replyTimeInWords } from './replyRate';

const HOUR = 3600;

describe("a service's reply line", () => {
  it('says the share of reviews replied to and the usual time', () => {
    expect(replyRateText({ replied: 3, share: 0.75, averageDelaySeconds: 2 * 86400 }, 4)).toBe(
      'Replied to 75% of reviews, usually within 2 days',
    );
    expect(replyRateText({ replied: 1, share: 1 / 3, averageDelaySeconds: 600 }, 3)).toBe(
      'Replied to 33% of reviews, usually within an hour',
    );
  });

  it('says the business has not replied yet, and nothing before the first review', () => {
    expect(replyRateText({ replied: 0, share: 0 }, 2)).toBe('Has not replied to reviews yet');
    expect(replyRateText({ replied: 0, share: 0 }, 0)).toBeNull();
  });

  it('rounds a time up to the unit people say', () => {
    expect(replyTimeInWords(0)).toBe('an hour');
    expect(replyTimeInWords(5 * HOUR + 1)).toBe('6 hours');
    expect(replyTimeInWords(23.5 * HOUR)).toBe('a day');
    expect(replyTimeInWords(3 * 24 * HOUR)).toBe('3 days');
    expect(replyTimeInWords(6.5 * 24 * HOUR)).toBe('a week');
    expect(replyTimeInWords(20 * 24 * HOUR)).toBe('3 weeks');
  });
});
