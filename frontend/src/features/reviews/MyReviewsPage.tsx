import { useListMyReviewsQuery } from '../../lib/api/client';
import type { PageRange } from '../../components/ListPagination';
import { ReviewsOverview } from './ReviewsOverview';

// The API lists the signed-in caller's own reviews when no e-mail is given.
const useMyReviews = (page: PageRange) => useListMyReviewsQuery(page);

/** /myallreviews (behind the login guard): the user's reviews, with status and moderator's note. */
export function MyReviewsPage() {
  return (
    <ReviewsOverview
      heading="My Reviews"
      emptyText="You have not written any reviews yet."
      editLabel="Edit"
      useReviews={useMyReviews}
    />
  );
}
