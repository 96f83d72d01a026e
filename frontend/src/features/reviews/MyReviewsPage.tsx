import { useListMyReviewsQuery } from '../../lib/api/client';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../auth/authSlice';
import type { PageRange } from '../../components/ListPagination';
import { ReviewsOverview } from './ReviewsOverview';

function useMyReviews(page: PageRange) {
  const email = useAppSelector(selectCurrentUser)?.email ?? '';
  return useListMyReviewsQuery({ email, ...page });
}

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
