import { useListReviewsQuery } from '../../api/client';
import { ReviewsOverview, type PageArgs } from './ReviewsOverview';

const useEveryReview = (page: PageArgs) => useListReviewsQuery({ status: 'any', ...page });

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
