import { AppliedKeys } from './applied-keys';

describe('AppliedKeys', () => {
  it('knows nothing of a document that took no change yet', () => {
    expect(AppliedKeys.from(undefined).has('a')).toBe(false);
    expect(AppliedKeys.from('').has('a')).toBe(false);
  });

  it('recognises the keys it stored, and only those', () => {
    const stored = AppliedKeys.from('').withAdded(['event-1', 'event-2'], 10);
    const keys = AppliedKeys.from(stored);
    expect(keys.has('event-1')).toBe(true);
    expect(keys.has('event-2')).toBe(true);
    expect(keys.has('event-3')).toBe(false);
    expect(stored).toHaveLength(16);
  });

  it('keeps the latest ones only', () => {
    const stored = AppliedKeys.from('').withAdded(['a', 'b', 'c', 'd'], 3);
    const keys = AppliedKeys.from(stored);
    expect(keys.has('a')).toBe(false);
    expect(['b', 'c', 'd'].every((key) => keys.has(key))).toBe(true);
  });

  it('reads an array of keys stored before, and carries them on', () => {
    const legacy = AppliedKeys.from(['event-1', 'event-2']);
    expect(legacy.has('event-1')).toBe(true);
    const carried = AppliedKeys.from(legacy.withAdded(['event-3'], 10));
    expect(['event-1', 'event-2', 'event-3'].every((key) => carried.has(key))).toBe(true);
  });
});
