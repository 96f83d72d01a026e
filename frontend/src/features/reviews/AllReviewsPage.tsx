import { useListReviewsQuery } from '../../lib/api/client';
import { TitledPage } from '../../components/TitledPage';
import { AdminPageLinks } from '../../components/AdminPageLinks';
import { AdminReviewList } from './adminList/AdminReviewList';
import { ReviewManageActions } from './ReviewManageActions';
import { ReviewModerationStatus } from './ReviewModerationStatus';
import { ReviewTrustStatus } from './trust/ReviewTrustStatus';

/**
 * /allreviews (behind the admin guard): every review in every status, newest first, with Update
 * and Delete; searched, filtered and approved or rejected in bulk.
 */
export function AllReviewsPage() {
  return (
    <TitledPage title="All Reviews">
      <AdminPageLinks />
      <AdminReviewList
        label="All Reviews"
        emptyText="No reviews match."
        defaults={{ status: 'any', sort: 'newest' }}
        useReviews={useListReviewsQuery}
        renderDetails={(review) => (
          <>
            <ReviewModerationStatus review={review} />
            <ReviewTrustStatus review={review} />
          </>
        )}
        renderActions={(review) => <ReviewManageActions review={review} editLabel="Update" />}
      />
    </TitledPage>
  );
}
