import { useNavigate } from 'react-router-dom';
import { useUpdateReviewMutation, type ReviewDto } from '../../lib/api/client';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../config/paths';
import { toastShown } from '../../toasts/toastSlice';
import { ReviewForm } from './ReviewForm';

/**
 * The edit form: the review form holding the review, with Update. Success shows the server's
 * message and goes home; otherwise the error (or a network failure's message) stays on the form.
 */
export function UpdateReviewForm({ review }: { review: ReviewDto }) {
  const [updateReview, { isLoading }] = useUpdateReviewMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return (
    <ReviewForm
      aria-label="Update review"
      startValues={() => ({
        title: review.title,
        serviceID: String(review.serviceID),
        details: review.details,
        rating: review.rating,
        criteria: review.criteria,
        experiencedAt: review.experiencedAt ?? '',
      })}
      submitLabel="Update"
      busy={isLoading}
      onSend={async (updateReviewDto) => {
        const result = await updateReview({ id: review._id, updateReviewDto });
        if (result.error) return { refusal: result.error };
        if (!result.data.success) return { refusal: result.data.message };
        dispatch(toastShown(result.data.message));
        void navigate(paths.home.getHref());
        return undefined;
      }}
    />
  );
}
