import { usePager, type PageRange } from '../../components/ListPagination';
import { ReviewList, type ReviewPageQuery } from './ReviewList';
import { ReviewManageActions } from './ReviewManageActions';
import { ReviewModerationStatus } from './ReviewModerationStatus';
import { ReviewTrustStatus } from './trust/ReviewTrustStatus';
import { TitledPage } from '../../components/TitledPage';

const PAGE_SIZE = 10;

interface ReviewsOverviewProps {
  heading: string;
  emptyText: string;
  editLabel: string;
  /** The query hook of the page's list; a module-level function, so hooks run in a stable order. */
  useReviews: (page: PageRange) => ReviewPageQuery;
}

/** A page of reviews, each with its moderation status, an edit link and Delete. */
export function ReviewsOverview({
  heading,
  emptyText,
  editLabel,
  useReviews,
}: ReviewsOverviewProps) {
  const pager = usePager(PAGE_SIZE);
  const query = useReviews(pager.range);
  return (
    <TitledPage title={heading}>
      <ReviewList
        label={heading}
        query={query}
        pager={pager}
        emptyText={emptyText}
        renderDetails={(review) => (
          <>
            <ReviewModerationStatus review={review} />
            <ReviewTrustStatus review={review} />
          </>
        )}
        renderActions={(review) => <ReviewManageActions review={review} editLabel={editLabel} />}
      />
    </TitledPage>
  );
}
