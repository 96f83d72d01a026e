import { useEffect } from 'react';
import { colorModeRestored, preferredColorMode } from './colorModeSlice';
import { useAppDispatch } from '../hooks';

/**
 * A page the server rendered comes in the theme of the visitor's cookie, or light. Once it is
 * hydrated, a preference only the browser knows (saved before the cookie, or the system's) wins.
 */
export function RestoreColorPreference() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(colorModeRestored(preferredColorMode()));
  }, [dispatch]);
  return null;
}
