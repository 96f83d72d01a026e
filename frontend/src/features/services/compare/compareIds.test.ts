import { describe, expect, it } from 'vitest';
import { comparedIdsOf } from './compareIds';

const id = (digit: string) => digit.repeat(24);

describe('the ids of a comparison', () => {
  it('takes service ids in order, each once, in lower case, at most four', () => {
    const search = new URLSearchParams(
      `ids=${id('a')},${id('B')},${id('a')},not-an-id&ids=${id('c')},${id('d')},${id('e')}`,
    );
    expect(comparedIdsOf(search)).toEqual([id('a'), id('b'), id('c'), id('d')]);
  });

  it('answers none for an address without ids', () => {
    expect(comparedIdsOf(new URLSearchParams(''))).toEqual([]);
  });
});
