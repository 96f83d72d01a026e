import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The admin's other queues, beside the flagged reviews: readers' reports and authors' appeals. */
export function ModerationQueueLinks() {
  return (
    <Stack component="nav" aria-label="Moderation queues" direction="row" spacing={2}>
      <Link component={RouterLink} to={paths.reportQueue.getHref()}>
        Reported reviews
      </Link>
      <Link component={RouterLink} to={paths.appealQueue.getHref()}>
        Appeals
      </Link>
      <Link component={RouterLink} to={paths.serviceScreening.getHref()}>
        New services
      </Link>
    </Stack>
  );
}
