import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * True while the server renders a page and while the browser hydrates that HTML, false from the
 * next render on (and in pages the browser renders alone). Parts that depend on the screen can
 * render a CSS-only form then, which matches the server's HTML on any screen.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}
