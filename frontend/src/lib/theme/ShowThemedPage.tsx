import { useEffect } from 'react';
import { THEME_PENDING_ATTRIBUTE } from '../pageContract';

/**
 * Shows a server-rendered page that the server's theme guard hid because it came in another
 * theme than the visitor's: once the app has rendered it afresh in theirs (app/start.tsx).
 */
export function ShowThemedPage() {
  useEffect(() => {
    document.documentElement.removeAttribute(THEME_PENDING_ATTRIBUTE);
  }, []);
  return null;
}
