import { describe, expect, it } from 'vitest';
import { mightHaveSession } from './sessionHint';

describe('mightHaveSession', () => {
  it('is true when the server left its session hint cookie', () => {
    expect(mightHaveSession('sc_session=1')).toBe(true);
    expect(mightHaveSession('theme=dark; sc_session=1; other=x')).toBe(true);
  });

  it('is false without the hint, also for look-alike names', () => {
    expect(mightHaveSession('')).toBe(false);
    expect(mightHaveSession('theme=dark; my_sc_session=1')).toBe(false);
  });
});
