import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageNumber } from '../../components/ListPagination';
import { ReviewList, type ReviewPageQuery } from '../../components/ReviewList';
import { ReviewManageActions } from '../../components/ReviewManageActions';
import { ReviewModerationStatus } from '../../components/ReviewModerationStatus';

const PAGE_SIZE = 10;

export interface PageArgs {
  limit: number;
  offset: number;
}

interface ReviewsOverviewProps {
  heading: string;
  emptyText: string;
  editLabel: string;
  /** The query hook of the page's list; a module-level function, so hooks run in a stable order. */
  useReviews: (page: PageArgs) => ReviewPageQuery;
}

/** A page of reviews, each with its moderation status, an edit link and Delete. */
export function ReviewsOverview({
  heading,
  emptyText,
  editLabel,
  useReviews,
}: ReviewsOverviewProps) {
  const { page, setPage, offset } = usePageNumber(PAGE_SIZE);
  const query = useReviews({ limit: PAGE_SIZE, offset });
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {heading}
      </Typography>
      <ReviewList
        label={heading}
        query={query}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={emptyText}
        renderDetails={(review) => <ReviewModerationStatus review={review} />}
        renderActions={(review) => (
          <ReviewManageActions reviewId={review._id} editLabel={editLabel} />
        )}
      />
    </Stack>
  );
}
