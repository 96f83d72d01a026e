const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
// A calendar day is the same day everywhere: read and shown in UTC, never shifted by a time zone.
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A date as every page shows it: "Nov 23, 2026" (the same on the server and in any browser). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** A moment as every page shows it: "Nov 23, 2026, 4:05 PM". */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A calendar day, "YYYY-MM-DD", as every page shows dates: "Mar 1, 2026" wherever it is read. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const monthFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar month, "YYYY-MM", as every page shows it: "Nov 2026" wherever it is read. */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** Today's calendar day where the browser is, "YYYY-MM-DD". */
export function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
