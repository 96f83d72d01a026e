const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** A date as the review pages show it: "Nov 23, 2026". */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
