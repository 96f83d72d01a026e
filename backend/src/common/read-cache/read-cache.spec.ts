import { parseBump } from './generations';
import { Lru } from './lru';
import { ReadTrace, cacheKey } from './read-cache';

describe('cacheKey', () => {
  it('is the same whatever order the query fields came in, and skips unset ones', () => {
    expect(cacheKey('services', { sort: 'newest', limit: 20, q: undefined })).toBe(
      cacheKey('services', { limit: 20, sort: 'newest' }),
    );
    expect(cacheKey('services', { limit: 20 })).not.toBe(cacheKey('reviews', { limit: 20 }));
  });
});

describe('Lru', () => {
  it('forgets the least recently used entry beyond its size', () => {
    const lru = new Lru<number>(2, 60_000);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // now b is the least recently used
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });

  it('forgets entries older than its age limit', () => {
    jest.useFakeTimers();
    try {
      const lru = new Lru<number>(10, 1000);
      lru.set('a', 1);
      jest.advanceTimersByTime(999);
      expect(lru.get('a')).toBe(1);
      jest.advanceTimersByTime(1);
      expect(lru.get('a')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ReadTrace', () => {
  it('records each scope at the generation it was read', () => {
    const trace = new ReadTrace();
    trace.record(['services', 'reviews'], ['4', '9']);
    trace.record(['services'], ['4']);
    expect([...trace.generations]).toEqual([
      ['services', '4'],
      ['reviews', '9'],
    ]);
    expect(trace.complete).toBe(true);
  });

  it('is incomplete when a read bypassed the cache or saw two generations of a scope', () => {
    const bypassed = new ReadTrace();
    bypassed.record(['services'], undefined);
    expect(bypassed.complete).toBe(false);

    const changed = new ReadTrace();
    changed.record(['services'], ['4']);
    changed.record(['services'], ['5']);
    expect(changed.complete).toBe(false);
  });
});

describe('parseBump', () => {
  it('splits a published bump into its scope and generation', () => {
    expect(parseBump('service:65a1 140737488355329')).toEqual(['service:65a1', '140737488355329']);
    expect(parseBump('garbled')).toBeUndefined();
  });
});
