import { useListModerationQueueQuery } from '../../lib/api/client';
import { TitledPage } from '../../components/TitledPage';
import { AdminPageLinks } from '../../components/AdminPageLinks';
import { AdminReviewList } from './adminList/AdminReviewList';
import { ModerationActions } from './ModerationActions';
import { ReviewModerationStatus } from './ReviewModerationStatus';

/**
 * /admin/moderation: held reviews, oldest first, each with why it was held; searched, filtered
 * and decided one by one or in bulk.
 */
export function ModerationPage() {
  return (
    <TitledPage title="Moderation queue">
      <AdminPageLinks />
      <AdminReviewList
        label="Flagged reviews"
        emptyText="No reviews are waiting for a decision."
        defaults={{ status: 'flagged', sort: 'oldest' }}
        useReviews={useListModerationQueueQuery}
        renderDetails={(review) => <ReviewModerationStatus review={review} />}
        renderActions={(review) => <ModerationActions reviewId={review._id} />}
      />
    </TitledPage>
  );
}
