import { describe, expect, it } from 'vitest';
import {
  NO_REVIEW_FILTERS,
  filtersInWords,
  filtersOf,
  isFiltered,
  reviewFilterArgs,
  searchOf,
  withFilters,
  withStars,
} from './reviewFiltersParam';

const params = (search: string) => new URLSearchParams(search);

describe("a service page's review filters in its address", () => {
  it('reads every filter: stars in order and once, the switches, the search text', () => {
    expect(filtersOf(params('?stars=2,1,2&replied=1&verified=1&q=%20late%20'))).toEqual({
      stars: [1, 2],
      replied: true,
      verified: true,
      q: 'late',
    });
    expect(filtersOf(params(''))).toEqual(NO_REVIEW_FILTERS);
  });

  it('leaves out what is no filter: other star counts, other switch values', () => {
    expect(filtersOf(params('?stars=0,6,x,3.5,,4&replied=true&verified=0'))).toEqual({
      ...NO_REVIEW_FILTERS,
      stars: [4],
    });
    expect(filtersOf(params(`?q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes the filters back, keeping the other parameters, and drops the ones not given', () => {
    const written = withFilters(params('?invitation=tok&stars=5&q=old'), {
      stars: [1, 2],
      replied: true,
      verified: false,
      q: ' late ',
    });
    expect(written.toString()).toBe('invitation=tok&stars=1%2C2&q=late&replied=1');
    expect(filtersOf(written)).toEqual({
      stars: [1, 2],
      replied: true,
      verified: false,
      q: 'late',
    });
    expect(withFilters(written, NO_REVIEW_FILTERS).toString()).toBe('invitation=tok');
  });

  it("a rating summary's star link picks that one count and keeps the other filters", () => {
    expect(withStars(params('?stars=1,2&verified=1'), 4).toString()).toBe('stars=4&verified=1');
  });

  it('asks the API for the filters given, and only those', () => {
    expect(reviewFilterArgs(NO_REVIEW_FILTERS)).toEqual({});
    expect(reviewFilterArgs({ stars: [1, 2], replied: true, verified: true, q: 'late' })).toEqual({
      rating: [1, 2],
      replied: true,
      verified: true,
      q: 'late',
    });
    expect(isFiltered(NO_REVIEW_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_REVIEW_FILTERS, verified: true })).toBe(true);
  });

  it('says the filters in words', () => {
    expect(filtersInWords({ ...NO_REVIEW_FILTERS, stars: [1] })).toBe('1 star');
    expect(filtersInWords({ ...NO_REVIEW_FILTERS, stars: [4] })).toBe('4 stars');
    expect(filtersInWords({ stars: [1, 2, 5], replied: true, verified: true, q: 'late' })).toBe(
      '1, 2 or 5 stars, with replies, from verified customers, holding “late”',
    );
  });
});

describe('the address shown', () => {
  it('keeps the star list readable: ?stars=1,2', () => {
    expect(searchOf(withStars(params('?q=a%2Cb'), 2))).toBe('?q=a,b&stars=2');
    expect(searchOf(params('stars=1%2C2&replied=1'))).toBe('?stars=1,2&replied=1');
  });
});
