import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useDismissReportsMutation,
  useListReportedReviewsQuery,
  useUpholdReportsMutation,
  type ReportDto,
  type ReportedReviewDto,
} from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';
import { usePager } from '../../../components/ListPagination';
import { PagedList } from '../../../components/PagedList';
import { TitledPage } from '../../../components/TitledPage';
import { AdminPageLinks } from '../../../components/AdminPageLinks';
import { ReviewCard } from '../ReviewCard';
import { ReviewModerationStatus } from '../ReviewModerationStatus';
import { RejectReviewDialog } from '../RejectReviewDialog';
import { reportReasonLabel } from './reportReasons';

const PAGE_SIZE = 10;

function ReportLine({ report }: { report: ReportDto }) {
  return (
    <Typography component="li" variant="body2">
      {reportReasonLabel(report.reason)}
      {report.text && `: “${report.text}”`} — {report.reporterName} ({report.reporterEmail}), weight{' '}
      {report.weight}
      {report.held && ' (held: not counted)'}
    </Typography>
  );
}

/** Uphold takes the review down with a reason; Dismiss keeps it. */
function ReportDecisions({ reviewId }: { reviewId: string }) {
  const [upholding, setUpholding] = useState(false);
  const [uphold, upheld] = useUpholdReportsMutation();
  const [dismiss, dismissed] = useDismissReportsMutation();
  const dispatch = useAppDispatch();

  const told = (error: unknown, done: string) =>
    dispatch(error ? toastShown(errorMessage(error as never), 'error') : toastShown(done));

  return (
    <>
      <Button color="error" variant="contained" onClick={() => setUpholding(true)}>
        Uphold
      </Button>
      <Button
        disabled={dismissed.isLoading}
        onClick={async () => told((await dismiss({ id: reviewId })).error, 'Reports dismissed')}
      >
        Dismiss
      </Button>
      <RejectReviewDialog
        open={upholding}
        busy={upheld.isLoading}
        onReject={async (reason) => {
          const result = await uphold({ id: reviewId, upholdReportsDto: { reason } });
          setUpholding(false);
          told(result.error, 'Reports upheld: the review was removed');
        }}
        onCancel={() => setUpholding(false)}
      />
    </>
  );
}

/** /admin/reports: reviews readers reported, with every open report and who sent it. */
export function ReportsQueuePage() {
  const pager = usePager(PAGE_SIZE);
  const query = useListReportedReviewsQuery(pager.range);
  return (
    <TitledPage title="Reported reviews">
      <AdminPageLinks />
      <PagedList<ReportedReviewDto>
        label="Reported reviews"
        query={query}
        pager={pager}
        emptyText="No reports are waiting for a decision."
        renderItem={({ review, reports }) => (
          <ReviewCard review={review} actions={<ReportDecisions reviewId={review._id} />}>
            <ReviewModerationStatus review={review} />
            {review.reportsHeld && (
              <Typography color="warning.main">{review.reportsHeld}</Typography>
            )}
            <Stack component="ul" aria-label="Reports" sx={{ m: 0, pl: 2 }}>
              {reports.map((report) => (
                <ReportLine key={report._id} report={report} />
              ))}
            </Stack>
          </ReviewCard>
        )}
      />
    </TitledPage>
  );
}
