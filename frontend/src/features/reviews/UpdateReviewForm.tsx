import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUpdateReviewMutation, type CriteriaDto, type ReviewDto } from '../../lib/api/client';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../config/paths';
import { toastShown } from '../../toasts/toastSlice';
import { ReviewFields } from './ReviewFields';
import { ReviewStarsFields } from './ReviewStarsFields';
import {
  serverReviewErrors,
  toReviewFieldsDto,
  validateReviewFields,
  type ReviewFieldErrors,
  type ReviewFieldValues,
} from './reviewFields';

/**
 * The edit form: stars, criteria, Service Title, Service ID, Review and Update. Success shows the server's
 * message and goes home; otherwise the error (or a network failure's message) stays on the form.
 */
export function UpdateReviewForm({ review }: { review: ReviewDto }) {
  const [fields, setFields] = useState<ReviewFieldValues>({
    title: review.title,
    serviceID: String(review.serviceID),
    details: review.details,
  });
  const [rating, setRating] = useState<number | null>(review.rating);
  const [criteriaStars, setCriteriaStars] = useState<CriteriaDto>(review.criteria);
  const [errors, setErrors] = useState<ReviewFieldErrors & { rating?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [updateReview, { isLoading }] = useUpdateReviewMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...validateReviewFields(fields),
      ...(rating === null && { rating: 'Rating is required' }),
    };
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0 || rating === null) return;

    const result = await updateReview({
      id: review._id,
      updateReviewDto: { ...toReviewFieldsDto(fields), rating, criteria: criteriaStars },
    });
    if (result.error) {
      const refused = serverReviewErrors(result.error);
      setErrors(refused.fields);
      setFailure(refused.banner);
    } else if (result.data.success) {
      dispatch(toastShown(result.data.message));
      void navigate(paths.home.getHref());
    } else {
      setFailure(result.data.message);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Update review"
    >
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
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
            Update
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
