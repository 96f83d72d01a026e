/**
 * How long a readiness check waits for a component: past it the component counts as down. Kept
 * in our code, not left to the driver: FerretDB ignores `maxTimeMS` in places, and a wedged store
 * would otherwise hold the check until the socket times out.
 */
export const HEALTH_DEADLINE_MS = 2000;
