import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useAddReviewMutation, type CriteriaDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { ReviewFields } from './ReviewFields';
import {
  randomServiceId,
  toReviewFieldsDto,
  validateReviewFields,
  type ReviewFieldErrors,
  type ReviewFieldValues,
} from './reviewFields';
import { StarRatingField } from './StarRatingField';

type Criterion = keyof CriteriaDto;

/** The optional courier criteria of a review (CreateReviewDto.criteria). */
const criteria: { key: Criterion; label: string }[] = [
  { key: 'speed', label: 'Delivery speed' },
  { key: 'condition', label: 'Parcel condition' },
  { key: 'communication', label: 'Communication' },
  { key: 'tracking', label: 'Tracking' },
  { key: 'value', label: 'Value for money' },
];

interface AddReviewFormProps {
  serviceId: string;
  serviceTitle: string;
}

const freshFields = (serviceTitle: string): ReviewFieldValues => ({
  title: serviceTitle,
  serviceID: randomServiceId(),
  details: '',
});

/** The review form: title, Service ID, text and stars required; criteria optional. */
export function AddReviewForm({ serviceId, serviceTitle }: AddReviewFormProps) {
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
      },
    });
    if (result.error) {
      setServerError(errorMessage(result.error));
    } else if (result.data.acknowledged) {
      dispatch(toastShown('Thanks for your Precious Review'));
      reset();
    }
  };

  const setCriterion = (key: Criterion, value: number | null) =>
    setCriteriaStars(({ [key]: _previous, ...others }) =>
      value === null ? others : { ...others, [key]: value },
    );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
    >
      <Stack spacing={2}>
        <Typography id={headingId} component="h2" variant="h5">
          Add Your Review
        </Typography>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <ReviewFields
          values={fields}
          errors={errors}
          onChange={(field, value) => setFields((current) => ({ ...current, [field]: value }))}
        />
        <StarRatingField
          label="Rating"
          name="rating"
          value={rating}
          onChange={setRating}
          required
          error={errors.rating}
        />
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2">
            Courier criteria (optional)
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
              gap: 1,
            }}
          >
            {criteria.map(({ key, label }) => (
              <StarRatingField
                key={key}
                label={label}
                name={`criteria-${key}`}
                value={criteriaStars[key] ?? null}
                onChange={(value) => setCriterion(key, value)}
              />
            ))}
          </Box>
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Add Review
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
