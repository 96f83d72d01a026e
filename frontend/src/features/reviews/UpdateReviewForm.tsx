import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUpdateReviewMutation, type ReviewDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../config/paths';
import { toastShown } from '../../toasts/toastSlice';
import { ReviewFields } from './ReviewFields';
import {
  toReviewFieldsDto,
  validateReviewFields,
  type ReviewFieldErrors,
  type ReviewFieldValues,
} from './reviewFields';

/**
 * The edit form: Service Title, Service ID, Review and Update. Success shows the server's
 * message and goes home; otherwise the error (or a network failure's message) stays on the form.
 */
export function UpdateReviewForm({ review }: { review: ReviewDto }) {
  const [fields, setFields] = useState<ReviewFieldValues>({
    title: review.title,
    serviceID: String(review.serviceID),
    details: review.details,
  });
  const [errors, setErrors] = useState<ReviewFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [updateReview, { isLoading }] = useUpdateReviewMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateReviewFields(fields);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;

    const result = await updateReview({
      id: review._id,
      updateReviewDto: toReviewFieldsDto(fields),
    });
    if (result.error) {
      setFailure(errorMessage(result.error));
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
