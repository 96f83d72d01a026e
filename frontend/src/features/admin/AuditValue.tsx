import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/** What an audited record is: its `_id` links to the review's edit page, the service or the user. */
export type RecordKind = 'review' | 'service' | 'user';

export const localTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Where an id in a record leads, by the field it is in. */
function linkOf(field: string, id: string, kind: RecordKind): string | undefined {
  if (field === 'service' || (field === '_id' && kind === 'service')) {
    return paths.service.getHref(id);
  }
  if (field === 'authorId' || field === 'ownerId' || (field === '_id' && kind === 'user')) {
    return paths.profile.getHref(id);
  }
  if (field === '_id' && kind === 'review') return paths.update.getHref(id);
  return undefined;
}

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** One value of an audited record: ids as links, times in the reader's own zone, '—' for nothing. */
export function AuditValue({
  field,
  value,
  kind,
}: {
  field: string;
  value: unknown;
  kind: RecordKind;
}) {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
    return <>—</>;
  }
  if (typeof value === 'string') {
    const href = linkOf(field, value, kind);
    if (href) {
      return (
        <Link component={RouterLink} to={href}>
          {value}
        </Link>
      );
    }
    if (ISO_TIME.test(value)) {
      return <time dateTime={value}>{localTime.format(new Date(value))}</time>;
    }
  }
  return <>{asText(value)}</>;
}
