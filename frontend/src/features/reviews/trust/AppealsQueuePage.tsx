import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDecideAppealMutation, useListAppealsQuery } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';
import { usePager } from '../../../components/ListPagination';
import { TitledPage } from '../../../components/TitledPage';
import { AdminPageLinks } from '../../../components/AdminPageLinks';
import { ReviewList } from '../ReviewList';
import { ReviewModerationStatus } from '../ReviewModerationStatus';

const PAGE_SIZE = 10;

/** Restore publishes the review again; Keep leaves the decision. The author is told either way. */
function AppealDecisions({ reviewId }: { reviewId: string }) {
  const [decide, deciding] = useDecideAppealMutation();
  const dispatch = useAppDispatch();
  const send = async (outcome: 'restore' | 'keep', done: string) => {
    const result = await decide({ id: reviewId, decideAppealDto: { outcome } });
    dispatch(result.error ? toastShown(errorMessage(result.error), 'error') : toastShown(done));
  };
  return (
    <>
      <Button
        variant="contained"
        color="success"
        disabled={deciding.isLoading}
        onClick={() => void send('restore', 'Review restored')}
      >
        Restore
      </Button>
      <Button disabled={deciding.isLoading} onClick={() => void send('keep', 'Decision kept')}>
        Keep decision
      </Button>
    </>
  );
}

/** /admin/appeals: authors' appeals of decisions, oldest first. */
export function AppealsQueuePage() {
  const pager = usePager(PAGE_SIZE);
  const query = useListAppealsQuery(pager.range);
  return (
    <TitledPage title="Appeals">
      <AdminPageLinks />
      <ReviewList
        label="Appealed reviews"
        query={query}
        pager={pager}
        emptyText="No appeals are waiting for a decision."
        renderDetails={(review) => (
          <>
            <ReviewModerationStatus review={review} />
            <Typography>Appeal: “{review.appeal?.text}”</Typography>
          </>
        )}
        renderActions={(review) => <AppealDecisions reviewId={review._id} />}
      />
    </TitledPage>
  );
}
