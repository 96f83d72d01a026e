import { describe, expect, it } from 'vitest';
import { viewerGesture } from './imageViewerGesture';

describe('viewerGesture', () => {
  it('treats a leftward swipe of 40 px or more as next, a rightward one as previous', () => {
    expect(viewerGesture(-40, 0)).toBe('next');
    expect(viewerGesture(40, 5)).toBe('previous');
    expect(viewerGesture(-120, 30)).toBe('next');
  });

  it('ignores a sideways move shorter than 40 px', () => {
    expect(viewerGesture(-39, 0)).toBe('none');
    expect(viewerGesture(39, 10)).toBe('none');
  });

  it('closes on a vertical pull of 100 px either way, not less', () => {
    expect(viewerGesture(0, 100)).toBe('close');
    expect(viewerGesture(20, -140)).toBe('close');
    expect(viewerGesture(0, 99)).toBe('none');
  });

  it('reads a mostly vertical drag as a pull, never as a swipe', () => {
    expect(viewerGesture(60, 90)).toBe('none');
    expect(viewerGesture(60, 110)).toBe('close');
  });
});
