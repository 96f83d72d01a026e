import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, readServiceQuery, toListArg, writeServiceQuery } from './serviceQuery';

describe('services page query state', () => {
  it('reads search, category, region, sort and page from the URL', () => {
    const query = readServiceQuery(
      new URLSearchParams('q=van&category=moving&region=midwest&sort=price_asc&page=3'),
    );
    expect(query).toEqual({
      q: 'van',
      category: 'moving',
      region: 'midwest',
      sort: 'price_asc',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(readServiceQuery(new URLSearchParams('sort=cheapest&page=-2&region=moon'))).toEqual({
      q: '',
      category: '',
      region: '',
      sort: 'newest',
      page: 1,
    });
    expect(readServiceQuery(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    const defaults = readServiceQuery(new URLSearchParams());
    expect(writeServiceQuery(defaults).toString()).toBe('');

    const query = {
      q: 'cold chain',
      category: 'food',
      region: 'west' as const,
      sort: 'top_rated' as const,
      page: 2,
    };
    const params = writeServiceQuery(query);
    expect(params.toString()).toBe('q=cold+chain&category=food&region=west&sort=top_rated&page=2');
    expect(readServiceQuery(params)).toEqual(query);
  });

  it('asks the API for one page at the right offset, without empty filters', () => {
    expect(toListArg({ q: '', category: '', region: '', sort: 'newest', page: 3 })).toEqual({
      limit: PAGE_SIZE,
      offset: 2 * PAGE_SIZE,
      sort: 'newest',
      q: undefined,
      category: undefined,
      region: undefined,
    });
    expect(toListArg({ q: '', category: '', region: 'west', sort: 'newest', page: 1 }).region).toBe(
      'west',
    );
  });
});
