import { describe, expect, it } from 'vitest';
import { pageCount, toPage } from './pagination';

const metaWith = (headers: Record<string, string>) => ({
  request: new Request('http://localhost/api/reviews'),
  response: new Response(null, { headers }),
});

describe('paged lists', () => {
  it('reads the total from X-Total-Count', () => {
    expect(toPage(['a', 'b'], metaWith({ 'X-Total-Count': '42' }))).toEqual({
      items: ['a', 'b'],
      total: 42,
    });
  });

  it('counts only the answer without a usable header', () => {
    expect(toPage(['a'], metaWith({})).total).toBe(1);
    expect(toPage(['a'], metaWith({ 'X-Total-Count': 'many' })).total).toBe(1);
    expect(toPage(['a'], undefined).total).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
