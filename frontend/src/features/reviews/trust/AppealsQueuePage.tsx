import { useState } from 'react';
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
import { RejectReviewDialog } from '../RejectReviewDialog';
import { ReviewModerationStatus } from '../ReviewModerationStatus';

const PAGE_SIZE = 10;

/**
 * Restore publishes the review again; Keep leaves the decision, once confirmed with a note for
 * the author, who is told either way.
 */
function AppealDecisions({ reviewId }: { reviewId: string }) {
  const [decide, deciding] = useDecideAppealMutation();
  const [keeping, setKeeping] = useState(false);
  const dispatch = useAppDispatch();
  const send = async (outcome: 'restore' | 'keep', done: string, note?: string) => {
    const result = await decide({ id: reviewId, decideAppealDto: { outcome, note } });
    setKeeping(false);
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
      <Button disabled={deciding.isLoading} onClick={() => setKeeping(true)}>
        Keep decision
      </Button>
      <RejectReviewDialog
        title="Keep the decision?"
        confirmLabel="Keep decision"
        open={keeping}
        busy={deciding.isLoading}
        onReject={(note) => void send('keep', 'Decision kept', note)}
        onCancel={() => setKeeping(false)}
      />
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
