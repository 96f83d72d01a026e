import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { CriteriaDto } from '../../lib/api/client';
import { ReviewFields } from './ReviewFields';
import {
  serverReviewErrors,
  toReviewFieldsDto,
  type ServerReviewErrors,
  validateReviewFields,
  type ReviewFieldValues,
} from './reviewFields';
import { ReviewStarsFields } from './ReviewStarsFields';
import { ExperienceDateField } from './ExperienceDateField';

/**
 * Everything the review form holds; the rating is null until picked, the date of experience ''
 * until given.
 */
export interface ReviewFormValues extends ReviewFieldValues {
  rating: number | null;
  criteria: CriteriaDto;
  experiencedAt: string;
}

/** A review that passed the form's checks, as it is sent (experiencedAt null: none given). */
export type ReviewDraft = ReturnType<typeof toReviewFieldsDto> & {
  rating: number;
  criteria: CriteriaDto;
  experiencedAt: string | null;
};

/**
 * What the form does once the server answered: show its refusal (a refused request, or the
 * server's own sentence), start afresh for another review, or (undefined) stay as it is.
 */
export type ReviewSendOutcome =
  { refusal: FetchBaseQueryError | SerializedError | string } | { startAfresh: true } | undefined;

interface ReviewFormProps {
  /** The values the form starts with, and starts afresh with. */
  startValues: () => ReviewFormValues;
  submitLabel: string;
  busy: boolean;
  onSend: (review: ReviewDraft) => Promise<ReviewSendOutcome>;
  /** What stands above the fields: a heading, a note. */
  children?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * The review form, stars first: stars, title, Service ID and text required; criteria and the date
 * of experience optional.
 * A blank field is named under itself before anything is sent; so is a field the server refuses,
 * and any other refusal stands above the form.
 */
export function ReviewForm({
  startValues,
  submitLabel,
  busy,
  onSend,
  children,
  ...label
}: ReviewFormProps) {
  const [values, setValues] = useState(startValues);
  const [errors, setErrors] = useState<ServerReviewErrors>({});
  const [banner, setBanner] = useState<string | null>(null);

  const change = (changed: Partial<ReviewFormValues>) =>
    setValues((current) => ({ ...current, ...changed }));

  const showRefusal = (refusal: FetchBaseQueryError | SerializedError | string) => {
    if (typeof refusal === 'string') {
      setBanner(refusal);
      return;
    }
    const refused = serverReviewErrors(refusal);
    setErrors(refused.fields);
    setBanner(refused.banner);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { rating, criteria, experiencedAt } = values;
    const problems = {
      ...validateReviewFields(values),
      ...(rating === null && { rating: 'Rating is required' }),
    };
    setErrors(problems);
    setBanner(null);
    if (Object.keys(problems).length > 0 || rating === null) return;

    const outcome = await onSend({
      ...toReviewFieldsDto(values),
      rating,
      criteria,
      experiencedAt: experiencedAt || null,
    });
    if (outcome === undefined) return;
    if ('refusal' in outcome) {
      showRefusal(outcome.refusal);
    } else {
      setValues(startValues());
      setErrors({});
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} {...label}>
      <Stack spacing={2}>
        {children}
        {banner && <Alert severity="error">{banner}</Alert>}
        <ReviewStarsFields
          rating={values.rating}
          onRatingChange={(rating) => change({ rating })}
          ratingError={errors.rating}
          criteria={values.criteria}
          onCriteriaChange={(criteria) => change({ criteria })}
        />
        <ReviewFields
          values={values}
          errors={errors}
          onChange={(field, value) => change({ [field]: value })}
        />
        <ExperienceDateField
          value={values.experiencedAt}
          onChange={(experiencedAt) => change({ experiencedAt })}
          error={errors.experiencedAt}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
