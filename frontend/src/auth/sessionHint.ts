import { SESSION_HINT_COOKIE } from '../lib/pageContract';

/** False when this browser holds no session, so the page need not ask the server (a 401). */
export function mightHaveSession(cookies: string = document.cookie): boolean {
  return cookies.split(/;\s*/).some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));
}
