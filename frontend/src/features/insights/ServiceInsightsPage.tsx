import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { TitledPage } from '../../components/TitledPage';
import {
  useGetServiceInsightsQuery,
  useGetServiceQuery,
  useLazyExportServiceReviewsQuery,
} from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { InsightChart } from './InsightChart';
import { insightCharts } from './insightCharts';

/** Saves the CSV through the browser's download. */
function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

function ExportCsvButton({ serviceId }: { serviceId: string }) {
  const [exportReviews, { isFetching }] = useLazyExportServiceReviewsQuery();
  const dispatch = useAppDispatch();
  const download = async () => {
    try {
      saveCsv(await exportReviews({ id: serviceId }).unwrap(), `reviews-${serviceId}.csv`);
    } catch (error) {
      dispatch(toastShown(errorMessage(error as never), 'error'));
    }
  };
  return (
    <Button variant="outlined" disabled={isFetching} onClick={() => void download()}>
      Export reviews (CSV)
    </Button>
  );
}

/**
 * /myservices/:id/insights: the owner's figures of the service month by month, each as a chart
 * with a sentence of what it says, or all as tables ("Table view").
 */
export function ServiceInsightsPage() {
  const { id = '' } = useParams();
  const service = useGetServiceQuery({ id });
  const { data, error, isLoading, isFetching, refetch } = useGetServiceInsightsQuery({
    id,
    months: 12,
  });
  const [asTable, setAsTable] = useState(false);
  const title = service.data ? `Insights: ${service.data.title}` : 'Insights';
  return (
    <TitledPage title={title}>
      {isLoading && <CircularProgress aria-label="Loading the insights" />}
      {error && <LoadError error={error} onRetry={refetch} retrying={isFetching} />}
      {data && (
        <Stack spacing={4}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch checked={asTable} onChange={(event) => setAsTable(event.target.checked)} />
              }
              label="Table view"
            />
            <ExportCsvButton serviceId={id} />
          </Stack>
          {insightCharts(data).map((chart) => (
            <InsightChart key={chart.id} chart={chart} asTable={asTable} />
          ))}
        </Stack>
      )}
    </TitledPage>
  );
}
