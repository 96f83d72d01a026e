import { verifiedSummary, withVerifiedChange } from './verified-counters';

describe('verified counters', () => {
  it("count a verified customer's published review once, and take it away when it goes", () => {
    const one = withVerifiedChange({}, undefined, true);
    expect(one).toEqual({ verifiedCount: 1 });
    // An edit of a verified review, or any change of another review: nothing moves.
    expect(withVerifiedChange(one, true, true)).toEqual(one);
    expect(withVerifiedChange(one, false, false)).toEqual(one);
    expect(withVerifiedChange(one, undefined, false)).toEqual(one);
    // Held, rejected or deleted: it no longer counts.
    expect(withVerifiedChange(one, true, undefined)).toEqual({ verifiedCount: 0 });
  });

  it('answer the share of published reviews by verified customers', () => {
    expect(verifiedSummary({ verifiedCount: 1 }, 4)).toEqual({ verified: 1, share: 0.25 });
    expect(verifiedSummary({}, 3)).toEqual({ verified: 0, share: 0 });
    expect(verifiedSummary({}, 0)).toEqual({ verified: 0, share: 0 });
  });
});
