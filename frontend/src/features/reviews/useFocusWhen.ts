import { useEffect, useRef } from 'react';

/**
 * A ref for an element (a heading, with tabIndex -1) that takes the keyboard's focus once
 * `focus` is true: where a screen reader and the keyboard go after a change moved the page.
 */
export function useFocusWhen<T extends HTMLElement>(focus: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}
