import type { ReactNode } from 'react';
import type { ReviewDto } from '../../lib/api/client';
import { PagedList, type PagedListProps, type PageQuery } from '../../components/PagedList';
import { ReviewCard } from './ReviewCard';
import { RemovedReviewNotice } from './trust/RemovedReviewNotice';

export type ReviewPageQuery = PageQuery<ReviewDto>;

interface ReviewListProps extends Omit<PagedListProps<ReviewDto>, 'renderItem'> {
  /** Lines under each review's text (e.g. its moderation status). */
  renderDetails?: (review: ReviewDto) => ReactNode;
  renderActions?: (review: ReviewDto) => ReactNode;
}

/** A paged list of review cards. */
export function ReviewList({ renderDetails, renderActions, ...listProps }: ReviewListProps) {
  return (
    <PagedList
      {...listProps}
      renderItem={(review) =>
        // Taken down by moderators: visitors see the placeholder, the author and admins the review.
        review.removal && !review.permissions.edit ? (
          <RemovedReviewNotice removal={review.removal} />
        ) : (
          <ReviewCard review={review} actions={renderActions?.(review)}>
            {renderDetails?.(review)}
          </ReviewCard>
        )
      }
    />
  );
}
