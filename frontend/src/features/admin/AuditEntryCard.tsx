import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { AuditEntryDto } from '../../lib/api/client';
import { auditActionLabels } from './auditFilters';
import { localTime, type RecordKind } from './AuditValue';
import { RecordDiff } from './RecordDiff';

const kindOf = (entry: AuditEntryDto) => entry.type.split('.')[0] as RecordKind;

/** A text field of the record as the entry last has it (after the change, else before). */
function recordText(entry: AuditEntryDto, field: string): string | undefined {
  const record = (entry.after ?? entry.before) as Record<string, unknown> | null;
  const value = record?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The review in words: its title and author, as the entry's record has them. */
function reviewName(entry: AuditEntryDto): string {
  const title = recordText(entry, 'title');
  const author = recordText(entry, 'reviewUser');
  if (!title) return `Review ${entry.reviewId}`;
  return author ? `Review “${title}” by ${author}` : `Review “${title}”`;
}

/** The service in words: its title now, else as a service's own record has it. */
function serviceName(entry: AuditEntryDto): string {
  const ownTitle = kindOf(entry) === 'service' ? recordText(entry, 'title') : undefined;
  return entry.serviceTitle ?? ownTitle ?? `Service ${entry.serviceId}`;
}

/**
 * One audit entry: what happened, who did it and when (in the reader's time zone), the review,
 * service and actor as links, and what changed between the record before and after.
 */
export function AuditEntryCard({ entry }: { entry: AuditEntryDto }) {
  const { actor } = entry;
  return (
    <Card component="article" variant="outlined" aria-label={auditActionLabels[entry.type]}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip label={auditActionLabels[entry.type]} size="small" color="primary" />
          <Typography variant="body2">
            by{' '}
            {actor.role === 'system' ? (
              actor.email
            ) : (
              <Link component={RouterLink} to={paths.profile.getHref(actor.id)} title={actor.email}>
                {entry.actorName ?? actor.email}
              </Link>
            )}{' '}
            ({actor.role})
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            <time dateTime={entry.at}>{localTime.format(new Date(entry.at))}</time>
          </Typography>
        </Box>
        {(entry.reviewId || entry.serviceId) && (
          <Typography variant="body2" color="text.secondary">
            {entry.reviewId && (
              <>
                <Link component={RouterLink} to={paths.update.getHref(entry.reviewId)}>
                  {reviewName(entry)}
                </Link>{' '}
              </>
            )}
            {entry.serviceId && (
              <>
                {entry.reviewId && 'of '}
                <Link component={RouterLink} to={paths.service.getHref(entry.serviceId)}>
                  {serviceName(entry)}
                </Link>
              </>
            )}
          </Typography>
        )}
        <RecordDiff before={entry.before} after={entry.after} kind={kindOf(entry)} />
      </CardContent>
    </Card>
  );
}
