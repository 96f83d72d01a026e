import { replySummary, withReplyChange } from './reply-counters';

const HOUR = 3_600_000;

describe('reply counters', () => {
  it('count a reply once, move its delay on a change, and take it away with its review', () => {
    const replied = withReplyChange({}, undefined, 2 * HOUR);
    expect(replied).toEqual({ repliedCount: 1, replyDelaySum: 2 * HOUR });
    const second = withReplyChange(replied, undefined, 4 * HOUR);
    expect(second).toEqual({ repliedCount: 2, replyDelaySum: 6 * HOUR });
    // An edit of the reply keeps its first time: nothing moves.
    expect(withReplyChange(second, 4 * HOUR, 4 * HOUR)).toEqual(second);
    // The review deleted or held: its reply no longer counts.
    expect(withReplyChange(second, 2 * HOUR, undefined)).toEqual({
      repliedCount: 1,
      replyDelaySum: 4 * HOUR,
    });
  });

  it("answer the share of published reviews replied to and the replies' average time", () => {
    expect(replySummary({ repliedCount: 2, replyDelaySum: 6 * HOUR }, 4)).toEqual({
      replied: 2,
      share: 0.5,
      averageDelaySeconds: 3 * 3600,
    });
    expect(replySummary({}, 3)).toEqual({ replied: 0, share: 0 });
    expect(replySummary({}, 0)).toEqual({ replied: 0, share: 0 });
  });
});
