import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { RemovalDto } from '../../../lib/api/client';
import { formatDate } from '../../../lib/dates';

/** What stays in a service's list of a review moderators took down: why, and when. */
export function RemovedReviewNotice({ removal }: { removal: RemovalDto }) {
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label="Removed review"
      sx={{ bgcolor: 'action.hover' }}
    >
      <CardContent>
        <Typography variant="body2">Removed by moderators: {removal.reason}</Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={removal.at}>{formatDate(removal.at)}</time>
        </Typography>
      </CardContent>
    </Card>
  );
}
