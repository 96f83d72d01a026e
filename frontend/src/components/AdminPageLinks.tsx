import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { QueuesDashboardButton } from './QueuesDashboardButton';

/**
 * The admin's pages beside the one shown: the queues (flagged reviews, readers' reports,
 * authors' appeals, new services), every review, the audit trail and the jobs' dashboard.
 */
export function AdminPageLinks() {
  return (
    <Stack
      component="nav"
      aria-label="Admin pages"
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Link component={RouterLink} to={paths.moderation.getHref()}>
        Flagged reviews
      </Link>
      <Link component={RouterLink} to={paths.reportQueue.getHref()}>
        Reported reviews
      </Link>
      <Link component={RouterLink} to={paths.appealQueue.getHref()}>
        Appeals
      </Link>
      <Link component={RouterLink} to={paths.serviceScreening.getHref()}>
        New services
      </Link>
      <Link component={RouterLink} to={paths.allReviews.getHref()}>
        All reviews
      </Link>
      <Link component={RouterLink} to={paths.audit.getHref()}>
        Audit trail
      </Link>
      <QueuesDashboardButton />
    </Stack>
  );
}
