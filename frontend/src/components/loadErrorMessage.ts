import { isRouteErrorResponse } from 'react-router-dom';

const UNREACHABLE = 'We could not reach Service Critic. Check your connection, then try again.';
const TOO_SLOW = 'Service Critic took too long to answer. Please try again in a moment.';
const BROKEN = 'Something went wrong while showing this page. Please try again.';

const answeredWith = (status: number) =>
  `Service Critic answered with an error (HTTP ${status}). Please try again in a moment.`;

/**
 * The sentence to show when a page's data (or code) did not load: the API's own sentence (its
 * JSON `error` field) when it answered one, else one for the network failure or timeout.
 */
export function loadErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return answeredWith(error.status);
  if (typeof error !== 'object' || error === null) return BROKEN;
  if ('status' in error) {
    const { status, data } = error as { status: unknown; data?: { error?: unknown } };
    if (typeof data?.error === 'string') return data.error;
    if (status === 'FETCH_ERROR') return UNREACHABLE;
    if (status === 'TIMEOUT_ERROR') return TOO_SLOW;
    if (typeof status === 'number') return answeredWith(status);
    const original = (error as { originalStatus?: unknown }).originalStatus;
    if (typeof original === 'number') return answeredWith(original);
  }
  if (!(error instanceof Error)) return BROKEN;
  // A page's code that did not arrive (the browser's dynamic import failed) is the network's.
  if (/dynamically imported module|importing a module script failed/i.test(error.message)) {
    return UNREACHABLE;
  }
  return error.message || BROKEN;
}
