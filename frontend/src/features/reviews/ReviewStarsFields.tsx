import type { CriteriaDto } from '../../lib/api/client';
import { CriteriaFields } from './CriteriaFields';
import { StarRatingField } from './StarRatingField';

interface ReviewStarsFieldsProps {
  rating: number | null;
  onRatingChange: (rating: number | null) => void;
  ratingError?: string;
  criteria: CriteriaDto;
  onCriteriaChange: (criteria: CriteriaDto) => void;
}

/** What both review forms ask first: the stars (required), then the optional courier criteria. */
export function ReviewStarsFields({
  rating,
  onRatingChange,
  ratingError,
  criteria,
  onCriteriaChange,
}: ReviewStarsFieldsProps) {
  return (
    <>
      <StarRatingField
        label="Rating"
        name="rating"
        value={rating}
        onChange={onRatingChange}
        required
        error={ratingError}
      />
      <CriteriaFields value={criteria} onChange={onCriteriaChange} />
    </>
  );
}
