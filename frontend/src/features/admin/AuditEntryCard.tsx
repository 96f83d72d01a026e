import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AuditEntryDto } from '../../lib/api/client';
import { auditActionLabels } from './auditFilters';
import { RecordSnapshot } from './RecordSnapshot';

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

/** One audit entry: what happened, who did it and when, and the record before and after. */
export function AuditEntryCard({ entry }: { entry: AuditEntryDto }) {
  return (
    <Card component="article" variant="outlined" aria-label={auditActionLabels[entry.type]}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip label={auditActionLabels[entry.type]} size="small" color="primary" />
          <Typography variant="body2">
            by {entry.actor.email} ({entry.actor.role})
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
          </Typography>
        </Box>
        {entry.reviewId && (
          <Typography variant="body2" color="text.secondary">
            Review ID {entry.reviewId}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <RecordSnapshot label="Before" record={entry.before} />
          <RecordSnapshot label="After" record={entry.after} />
        </Box>
      </CardContent>
    </Card>
  );
}
