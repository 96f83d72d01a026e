import { containsNul } from './nul-text';

describe('containsNul', () => {
  it('finds a NUL in any text or key, however nested', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ review: { details: ['fine', 'bad\u0000'] } })).toBe(true);
    expect(containsNul({ ['key\u0000']: 1 })).toBe(true);
  });

  it('passes text without one', () => {
    expect(containsNul({ name: 'Ann', tags: ['a', 'b'], rating: 5, none: null })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
