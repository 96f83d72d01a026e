import { useListReviewsQuery } from '../../lib/api/client';
import type { PageRange } from '../../components/ListPagination';
import { ReviewsOverview } from './ReviewsOverview';

const useEveryReview = (page: PageRange) => useListReviewsQuery({ status: 'any', ...page });

/** /allreviews (behind the admin guard): every review in every status, with Update and Delete. */
export function AllReviewsPage() {
  return (
    <ReviewsOverview
      heading="All Reviews"
      emptyText="There are no reviews yet."
      editLabel="Update"
      useReviews={useEveryReview}
    />
  );
}
