import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SCROLL_MARGIN, scrollToTop } from '../../components/PagedList';
import { useListServicesQuery } from '../../lib/api/client';
import { LoadError } from '../../components/LoadError';
import { pageCount } from '../../lib/api/pagination';
import { ServiceGrid } from './ServiceGrid';
import { ServiceFilters } from './ServiceFilters';
import { ServiceResultsSummary } from './ServiceResultsSummary';
import {
  PAGE_SIZE,
  readServiceQuery,
  toListArg,
  writeServiceQuery,
  type ServiceQuery,
} from './serviceQuery';

/** /services: every service, a page at a time, searchable, filterable and sortable via the URL. */
export function ServicesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readServiceQuery(searchParams);
  const { data, error, isLoading, isFetching, refetch } = useListServicesQuery(toListArg(query));
  const resultsRef = useRef<HTMLDivElement>(null);

  const changeQuery = (changes: Partial<ServiceQuery>, typing = false) =>
    setSearchParams((current) => writeServiceQuery({ ...readServiceQuery(current), ...changes }), {
      replace: typing,
    });

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        All Services
      </Typography>
      <ServiceFilters query={query} onChange={changeQuery} />
      {isLoading && (
        <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Loading services" />
      )}
      {error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {data && (
        <Box
          ref={resultsRef}
          aria-busy={isFetching}
          sx={{ opacity: isFetching ? 0.6 : 1, scrollMarginTop: SCROLL_MARGIN }}
        >
          <ServiceResultsSummary query={query} total={data.total} shown={data.items.length} />
          {data.items.length > 0 && (
            <ServiceGrid services={data.items} aria-label="Services" headingLevel="h2" />
          )}
          {data.total === 0 && <Alert severity="info">No services match your search.</Alert>}
          {/* Not the shared ListPagination: that one steps back on its own when the list shrinks,
              which would rewrite the URL from the previous query's total while a new one loads. */}
          {pageCount(data.total, PAGE_SIZE) > 1 && (
            <Pagination
              aria-label="Services pages"
              count={pageCount(data.total, PAGE_SIZE)}
              page={query.page}
              onChange={(_event, page) => {
                changeQuery({ page });
                scrollToTop(resultsRef.current);
              }}
              sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </Box>
      )}
    </>
  );
}
