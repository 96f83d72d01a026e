import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { QueuesDashboardButton } from './QueuesDashboardButton';

const ADMIN_PAGES: [label: string, href: string][] = [
  ['Flagged reviews', paths.moderation.getHref()],
  ['Reported reviews', paths.reportQueue.getHref()],
  ['Appeals', paths.appealQueue.getHref()],
  ['New services', paths.serviceScreening.getHref()],
  ['Claims', paths.claimQueue.getHref()],
  ['Review bursts', paths.serviceAlerts.getHref()],
  ['All reviews', paths.allReviews.getHref()],
  ['Audit trail', paths.audit.getHref()],
];

/**
 * The admin's pages beside the one shown: the queues (flagged reviews, readers' reports,
 * authors' appeals, new services, claims of services, bursts of reviews), every review, the audit trail and the jobs' dashboard.
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
      {ADMIN_PAGES.map(([label, href]) => (
        <Link key={href} component={RouterLink} to={href}>
          {label}
        </Link>
      ))}
      <QueuesDashboardButton />
    </Stack>
  );
}
