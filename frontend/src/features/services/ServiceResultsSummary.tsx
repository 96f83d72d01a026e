import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { pageCount } from '../../lib/api/pagination';
import { PAGE_SIZE, writeServiceQuery, type ServiceQuery } from './serviceQuery';

const servicesCount = (total: number) => (total === 1 ? '1 service' : `${total} services`);

interface ServiceResultsSummaryProps {
  query: ServiceQuery;
  total: number;
  /** How many services the page shows. */
  shown: number;
}

/**
 * How many services match, or, on a page past the last one (an old link, a typed address), that
 * the page is empty because the list ends earlier, with a link to its last page. Never a count
 * beside "no services match".
 */
export function ServiceResultsSummary({ query, total, shown }: ServiceResultsSummaryProps) {
  if (shown > 0 || total === 0) {
    return (
      <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
        {servicesCount(total)}
      </Typography>
    );
  }
  const last = pageCount(total, PAGE_SIZE);
  return (
    <Alert role="status" severity="info" sx={{ mb: 2 }}>
      Page {query.page} is past the end: the {servicesCount(total)} fill{' '}
      {last === 1 ? '1 page' : `${last} pages`}.{' '}
      <Link
        component={RouterLink}
        to={`?${writeServiceQuery({ ...query, page: last }).toString()}`}
      >
        Go to page {last}
      </Link>
    </Alert>
  );
}
