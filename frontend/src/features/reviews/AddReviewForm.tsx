import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useAddReviewMutation } from '../../lib/api/client';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { randomServiceId } from './reviewFields';
import { ReviewForm, type ReviewFormValues } from './ReviewForm';
import { useFocusWhen } from './useFocusWhen';

interface AddReviewFormProps {
  serviceId: string;
  serviceTitle: string;
  /** The token of the business's invitation link the visitor came by. */
  invitation?: string;
  /** Shown in place of a review just deleted: its heading takes the focus. */
  takeFocus?: boolean;
}

const freshValues = (serviceTitle: string): ReviewFormValues => ({
  title: serviceTitle,
  serviceID: randomServiceId(),
  details: '',
  rating: null,
  criteria: {},
  experiencedAt: '',
});

/** "Add Your Review": the review form for a service, empty again once the review is added. */
export function AddReviewForm({
  serviceId,
  serviceTitle,
  invitation,
  takeFocus = false,
}: AddReviewFormProps) {
  const headingRef = useFocusWhen<HTMLHeadingElement>(takeFocus);
  const [addReview, { isLoading }] = useAddReviewMutation();
  const dispatch = useAppDispatch();
  const headingId = useId();

  return (
    <ReviewForm
      aria-labelledby={headingId}
      startValues={() => freshValues(serviceTitle)}
      submitLabel="Add Review"
      busy={isLoading}
      onSend={async ({ criteria, experiencedAt, ...review }) => {
        const result = await addReview({
          createReviewDto: {
            ...review,
            service: serviceId,
            ...(Object.keys(criteria).length > 0 && { criteria }),
            ...(experiencedAt && { experiencedAt }),
            ...(invitation && { invitation }),
          },
        });
        if (result.error) return { refusal: result.error };
        if (!result.data.acknowledged) return undefined;
        dispatch(toastShown('Thanks for your Precious Review'));
        return { startAfresh: true };
      }}
    >
      <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h2" variant="h5">
        Add Your Review
      </Typography>
      {invitation && (
        <Alert severity="info" role="note">
          The business invited you: your review will carry the Verified customer label.
        </Alert>
      )}
    </ReviewForm>
  );
}
