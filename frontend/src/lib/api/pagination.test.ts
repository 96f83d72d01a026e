import { describe, expect, it } from 'vitest';
import { pageCount, withCounts } from './pagination';

const metaWith = (headers: Record<string, string>) => ({
  request: new Request('http://localhost/api/reviews'),
  response: new Response(null, { headers }),
});

describe('counted lists', () => {
  it('reads the total from X-Total-Count and other counts from their headers', () => {
    expect(withCounts(['a', 'b'], ['X-Total-Count'], metaWith({ 'X-Total-Count': '42' }))).toEqual({
      items: ['a', 'b'],
      total: 42,
    });
    const meta = metaWith({ 'X-Total-Count': '7', 'X-Unread-Count': '3' });
    expect(withCounts(['a'], ['X-Total-Count', 'X-Unread-Count'], meta)).toEqual({
      items: ['a'],
      total: 7,
      unread: 3,
    });
  });

  it('counts only the answer without a usable total, and nothing else', () => {
    expect(withCounts(['a'], ['X-Total-Count'], metaWith({})).total).toBe(1);
    expect(withCounts(['a'], ['X-Total-Count'], metaWith({ 'X-Total-Count': 'many' })).total).toBe(
      1,
    );
    expect(withCounts(['a'], ['X-Total-Count', 'X-Unread-Count'], undefined)).toEqual({
      items: ['a'],
      total: 1,
      unread: 0,
    });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
