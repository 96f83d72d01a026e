import { nestsDeeperThan } from './json-depth';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays as levels, not scalars', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [2, { c: 3 }] }, 3)).toBe(false);
  });

  it('walks 100 000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(100_000), 32)).toBe(true);
  });
});
