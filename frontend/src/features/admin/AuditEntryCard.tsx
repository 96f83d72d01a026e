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
              <Link component={RouterLink} to={paths.profile.getHref(actor.id)}>
                {actor.email}
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
                Review ID{' '}
                <Link component={RouterLink} to={paths.update.getHref(entry.reviewId)}>
                  {entry.reviewId}
                </Link>{' '}
              </>
            )}
            {entry.serviceId && (
              <>
                {entry.reviewId ? 'of service ' : 'Service '}
                <Link component={RouterLink} to={paths.service.getHref(entry.serviceId)}>
                  {entry.serviceId}
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
