import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useCompareServicesQuery } from '../../../lib/api/client';
import { LoadError } from '../../../components/LoadError';
import { paths } from '../../../config/paths';
import { COMPARED_MAX, COMPARED_MIN, comparedIdsOf } from './compareIds';
import { useCompareSelection } from './compareSelection';
import { CompareTable } from './CompareTable';

/**
 * /compare?ids=a,b,c: 2 to 4 services side by side, made of its address alone (so it can be
 * shared); the route's loader has the comparison in the store before the page renders.
 */
export function ComparePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const selection = useCompareSelection();
  const ids = comparedIdsOf(search);
  const enough = ids.length >= COMPARED_MIN;
  // The answer for these ids only: while others load, the last comparison is not shown as theirs.
  const {
    currentData: data,
    error,
    isFetching,
    refetch,
  } = useCompareServicesQuery({ ids }, { skip: !enough });

  const remove = (id: string) => {
    selection.remove(id);
    void navigate(paths.compare.getHref(ids.filter((each) => each !== id)));
  };

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Compare services
      </Typography>
      {!enough && (
        <Alert severity="info">
          Choose {COMPARED_MIN} to {COMPARED_MAX} services to compare: tick “Compare” on them in{' '}
          <Link component={RouterLink} to={paths.services.getHref()}>
            All Services
          </Link>
          .
        </Alert>
      )}
      {enough && error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {enough && !data && !error && (
        <Skeleton
          variant="rounded"
          height={480}
          role="progressbar"
          aria-label="Loading the comparison"
        />
      )}
      {enough && data && <CompareTable services={data.services} onRemove={remove} />}
    </>
  );
}
