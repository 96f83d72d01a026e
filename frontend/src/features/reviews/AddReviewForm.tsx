import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useAddReviewMutation, type CriteriaDto } from '../../lib/api/client';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { ReviewFields } from './ReviewFields';
import {
  randomServiceId,
  serverReviewErrors,
  toReviewFieldsDto,
  validateReviewFields,
  type ReviewFieldErrors,
  type ReviewFieldValues,
} from './reviewFields';
import { ReviewStarsFields } from './ReviewStarsFields';
import { useFocusWhen } from './useFocusWhen';

interface AddReviewFormProps {
  serviceId: string;
  serviceTitle: string;
  /** The token of the business's invitation link the visitor came by. */
  invitation?: string;
  /** Shown in place of a review just deleted: its heading takes the focus. */
  takeFocus?: boolean;
}

const freshFields = (serviceTitle: string): ReviewFieldValues => ({
  title: serviceTitle,
  serviceID: randomServiceId(),
  details: '',
});

/** The review form, stars first: stars, title, Service ID and text required; criteria optional. */
export function AddReviewForm({
  serviceId,
  serviceTitle,
  invitation,
  takeFocus = false,
}: AddReviewFormProps) {
  const headingRef = useFocusWhen<HTMLHeadingElement>(takeFocus);
  const [fields, setFields] = useState(() => freshFields(serviceTitle));
  const [rating, setRating] = useState<number | null>(null);
  const [criteriaStars, setCriteriaStars] = useState<CriteriaDto>({});
  const [errors, setErrors] = useState<ReviewFieldErrors & { rating?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [addReview, { isLoading }] = useAddReviewMutation();
  const dispatch = useAppDispatch();
  const headingId = useId();

  const reset = () => {
    setFields(freshFields(serviceTitle));
    setRating(null);
    setCriteriaStars({});
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...validateReviewFields(fields),
      ...(rating === null && { rating: 'Rating is required' }),
    };
    setErrors(problems);
    setServerError(null);
    if (Object.keys(problems).length > 0 || rating === null) return;

    const result = await addReview({
      createReviewDto: {
        ...toReviewFieldsDto(fields),
        rating,
        service: serviceId,
        ...(Object.keys(criteriaStars).length > 0 && { criteria: criteriaStars }),
        ...(invitation && { invitation }),
      },
    });
    if (result.error) {
      const refused = serverReviewErrors(result.error);
      setErrors(refused.fields);
      setServerError(refused.banner);
    } else if (result.data.acknowledged) {
      dispatch(toastShown('Thanks for your Precious Review'));
      reset();
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
    >
      <Stack spacing={2}>
        <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h2" variant="h5">
          Add Your Review
        </Typography>
        {invitation && (
          <Alert severity="info" role="note">
            The business invited you: your review will carry the Verified customer label.
          </Alert>
        )}
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <ReviewStarsFields
          rating={rating}
          onRatingChange={setRating}
          ratingError={errors.rating}
          criteria={criteriaStars}
          onCriteriaChange={setCriteriaStars}
        />
        <ReviewFields
          values={fields}
          errors={errors}
          onChange={(field, value) => setFields((current) => ({ ...current, [field]: value }))}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Add Review
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
