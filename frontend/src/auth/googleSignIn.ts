/**
 * Google sign-in is a full-page redirect flow run by the backend (auth.controller.ts): it ends on
 * `/?login=google` once the session cookie is set, or on `/login?error=<code>`. The page to
 * come back to is kept in session storage meanwhile, since the backend always lands on `/`.
 */
import type { ErrorCode } from '../lib/api/client';

export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

const RETURN_PATH_KEY = 'serviceCritic.googleReturnPath';

/** The flags the backend's redirect leaves in the URL. */
export const GOOGLE_SUCCESS_PARAM = { name: 'login', value: 'google' } as const;
export const GOOGLE_ERROR_PARAM = 'error';

export const GOOGLE_FAILED_MESSAGE = 'Google sign-in failed. Please try again.';

/** The sentences for the codes the backend sends as `error`; any other code gets the generic one. */
const GOOGLE_FAILURE_MESSAGES: Readonly<Partial<Record<ErrorCode, string>>> = {
  EMAIL_NEEDS_PASSWORD: 'An account with this e-mail already exists; log in with your password.',
};

/** Keeps the page to come back to across the redirects. */
export function rememberGoogleReturnPath(returnPath: string) {
  try {
    sessionStorage.setItem(RETURN_PATH_KEY, returnPath);
  } catch {
    // Storage can be disabled; the user then lands on the homepage, which is still signed in.
  }
}

export function startGoogleSignIn(returnPath: string) {
  rememberGoogleReturnPath(returnPath);
  window.location.assign(GOOGLE_SIGN_IN_URL);
}

/** The remembered page (once: it is forgotten here), or the homepage. */
export function takeGoogleReturnPath(): string {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(RETURN_PATH_KEY);
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // As above: no storage, no remembered page.
  }
  return stored?.startsWith('/') && !stored.startsWith('//') ? stored : '/';
}

/** The sentence for the backend's `error` code; the URL's own text is never shown. */
export function googleFailureMessage(code: string): string {
  return Object.hasOwn(GOOGLE_FAILURE_MESSAGES, code)
    ? (GOOGLE_FAILURE_MESSAGES[code as ErrorCode] ?? GOOGLE_FAILED_MESSAGE)
    : GOOGLE_FAILED_MESSAGE;
}
