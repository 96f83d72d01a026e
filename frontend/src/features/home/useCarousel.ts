import { useCallback, useEffect, useState } from 'react';
import { wrapIndex } from '../../components/wrapIndex';

/** How long a slide stays before the next one when nothing pauses the carousel. */
export const SLIDE_INTERVAL_MS = 6000;

/** The current slide of `count`, moved by next/previous (wrapping) and, unless paused, a timer. */
export function useCarousel(count: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const next = useCallback(() => setIndex((current) => wrapIndex(current + 1, count)), [count]);
  const previous = useCallback(() => setIndex((current) => wrapIndex(current - 1, count)), [count]);

  // Restarting the timer whenever the slide changes gives a manual move the full interval too.
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(next, SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, next]);

  return { index, next, previous };
}
