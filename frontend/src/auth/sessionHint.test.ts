import { describe, expect, it } from 'vitest';
import { mightHaveSession } from './sessionHint';
import { SESSION_HINT_COOKIE } from '../lib/pageContract';

describe('mightHaveSession', () => {
  it('is true when the server left its session hint cookie', () => {
    expect(mightHaveSession(`${SESSION_HINT_COOKIE}=1`)).toBe(true);
    expect(mightHaveSession(`theme=dark; ${SESSION_HINT_COOKIE}=1; other=x`)).toBe(true);
  });

  it('is false without the hint, also for look-alike names', () => {
    expect(mightHaveSession('')).toBe(false);
    expect(mightHaveSession(`theme=dark; my_${SESSION_HINT_COOKIE}=1`)).toBe(false);
  });
});
