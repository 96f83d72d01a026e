const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A date as every page shows it: "Nov 23, 2026" (the same on the server and in any browser). */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** A moment as every page shows it: "Nov 23, 2026, 4:05 PM". */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
