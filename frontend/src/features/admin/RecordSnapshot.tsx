import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSubheading } from '../../components/headingLevel';

// Shown first, in this order, when present: what a person reads in a review.
const leadingFields = [
  'title',
  'details',
  'rating',
  'criteria',
  'serviceID',
  'status',
  'moderationReasons',
  'moderationNote',
  'reviewUser',
  'email',
];

function orderedEntries(record: Record<string, unknown>): [string, unknown][] {
  const rank = (key: string) => {
    const index = leadingFields.indexOf(key);
    return index === -1 ? leadingFields.length : index;
  };
  return Object.entries(record)
    .filter(([key]) => key !== '__v')
    .sort(([a], [b]) => rank(a) - rank(b));
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** A record as the audit entry stored it (before or after a change), field by field. */
export function RecordSnapshot({ label, record }: { label: string; record: object | null }) {
  const heading = useSubheading();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component={heading} variant="subtitle2">
        {label}
      </Typography>
      {record === null ? (
        <Typography variant="body2" color="text.secondary">
          Nothing
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 1.5,
            rowGap: 0.5,
            m: 0,
            typography: 'body2',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
          }}
        >
          {orderedEntries(record as Record<string, unknown>).map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <dt>{key}</dt>
              <dd>{formatValue(value)}</dd>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
