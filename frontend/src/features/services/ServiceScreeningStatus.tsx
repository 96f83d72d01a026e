import Alert from '@mui/material/Alert';
import type { ServiceScreeningDto } from '../../lib/api/client';
import { moderationReasonsInWords } from '../../lib/moderationReasons';

/** A new service the screening held: not on the home page or in lists until an admin decides. */
export function ServiceScreeningStatus({ screening }: { screening: ServiceScreeningDto }) {
  if (screening.status === 'rejected') {
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        Not listed: an admin refused this service
        {screening.note ? ` (${screening.note})` : ''}.
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      Waiting for approval: this service is not listed, and cannot be reviewed, until an admin
      checks it (held for: {moderationReasonsInWords(screening.reasons)}).
    </Alert>
  );
}
