import { useEffect } from 'react';
import { colorModeRestored, preferredColorMode, selectColorMode } from './colorModeSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { THEME_PENDING_ATTRIBUTE } from '../pageContract';

/**
 * A page the server rendered comes in the theme of the visitor's cookie, or light. Once it is
 * hydrated, a preference only the browser knows (saved before the cookie, or the system's) wins;
 * the page, hidden meanwhile if the two differ (the server's theme guard), is then shown.
 */
export function RestoreColorPreference() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectColorMode);
  useEffect(() => {
    dispatch(colorModeRestored(preferredColorMode()));
  }, [dispatch]);
  useEffect(() => {
    if (mode === preferredColorMode()) {
      document.documentElement.removeAttribute(THEME_PENDING_ATTRIBUTE);
    }
  }, [mode]);
  return null;
}
