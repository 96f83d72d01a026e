import { useListModerationQueueQuery } from '../../lib/api/client';
import { usePager } from '../../components/ListPagination';
import { ReviewList } from './ReviewList';
import { ReviewModerationStatus } from './ReviewModerationStatus';
import { ModerationActions } from './ModerationActions';
import { TitledPage } from '../../components/TitledPage';
import { ModerationQueueLinks } from './trust/ModerationQueueLinks';

const PAGE_SIZE = 10;

/** /admin/moderation: flagged reviews, oldest first, each with why it was flagged. */
export function ModerationPage() {
  const pager = usePager(PAGE_SIZE);
  const query = useListModerationQueueQuery(pager.range);
  return (
    <TitledPage title="Moderation queue">
      <ModerationQueueLinks />
      <ReviewList
        label="Flagged reviews"
        query={query}
        pager={pager}
        emptyText="No reviews are waiting for a decision."
        renderDetails={(review) => <ReviewModerationStatus review={review} />}
        renderActions={(review) => <ModerationActions reviewId={review._id} />}
      />
    </TitledPage>
  );
}
