import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useGetServiceQuery, useListReviewsQuery, type ReviewDto } from '../../lib/api/client';
import { useAppSelector } from '../../lib/hooks';
import { selectAuthLoading } from '../../auth/authSlice';
import { usePager } from '../../components/ListPagination';
import { ReviewList } from './ReviewList';
import { ReviewManageActions } from './ReviewManageActions';
import { ReviewModerationStatus } from './ReviewModerationStatus';
import { EditedMark } from './trust/EditedMark';
import { ReportReviewButton } from './trust/ReportReviewButton';
import { useMyReports } from './trust/useMyReports';
import { ReviewFilterBar } from './ReviewFilterBar';
import {
  NO_REVIEW_FILTERS,
  REVIEWS_SECTION_ID,
  filtersInWords,
  filtersOf,
  isFiltered,
  searchOf,
  withFilters,
  type ReviewFilters,
} from '../../lib/reviewFiltersParam';
import { HelpfulButton } from './helpful/HelpfulButton';
import { ReplyButton } from './replies/ReplyButton';
import {
  FIRST_REVIEW_SORT,
  SERVICE_REVIEWS_PAGE_SIZE,
  serviceReviewsArg,
  type ReviewSort,
} from './serviceReviewsQuery';

// Fetched once a reader asks for a review's versions: the list's start need not carry it.
const ReviewVersionsDialog = lazy(async () => ({
  default: (await import('./trust/ReviewVersionsDialog')).ReviewVersionsDialog,
}));

const sortOptions: { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'rating_desc', label: 'Highest rating' },
  { value: 'rating_asc', label: 'Lowest rating' },
  { value: 'most_helpful', label: 'Most helpful' },
];

interface ServiceReviewListProps {
  serviceId: string;
  /** The signed-in user's review of it, as last asked: fresher than the list's copy. */
  own?: ReviewDto | null;
}

/**
 * 'All reviews' of one service, sorted and paged; Helpful for readers, Reply for the service's
 * owner, Edit/Delete for the author and admins.
 */
export function ServiceReviewList({ serviceId, own }: ServiceReviewListProps) {
  const [sort, setSort] = useState<ReviewSort>(FIRST_REVIEW_SORT);
  // In the address: a filtered list can be shared, the back button returns to the filters before,
  // and the rating summary's bars link to one star count.
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersOf(search);
  const filtersKey = withFilters(new URLSearchParams(), filters).toString();
  const pager = usePager(SERVICE_REVIEWS_PAGE_SIZE);
  const [pagedFilters, setPagedFilters] = useState(filtersKey);
  if (pagedFilters !== filtersKey) {
    setPagedFilters(filtersKey);
    pager.setPage(1);
  }
  // The address last asked for, until the router's render (a transition) shows it: a change made
  // in between builds on it, not on the filters still shown, so a quick second change keeps the
  // first.
  const asked = useRef<string>(undefined);
  useEffect(() => {
    if (asked.current === search.toString()) asked.current = undefined;
  }, [search]);
  // A new history entry each: the back button returns to the filters before.
  const setFilters = (changes: Partial<ReviewFilters>) => {
    const base = asked.current === undefined ? search : new URLSearchParams(asked.current);
    const next = withFilters(base, { ...filtersOf(base), ...changes });
    asked.current = next.toString();
    navigate({ search: searchOf(next) }, { preventScrollReset: true });
  };
  // A star link of the rating summary (…?stars=4#reviews) brings the list into view.
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (hash === `#${REVIEWS_SECTION_ID}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, filtersKey]);
  const { data: service } = useGetServiceQuery({ id: serviceId });
  // Wait for the session: signed in, the list says what the visitor may do with their own review.
  const authLoading = useAppSelector(selectAuthLoading);
  const query = useListReviewsQuery(
    authLoading ? skipToken : serviceReviewsArg(serviceId, filters, sort, pager.range),
  );
  const myReports = useMyReports(query.data?.items);
  const headingId = useId();

  return (
    <Box
      component="section"
      ref={section}
      id={REVIEWS_SECTION_ID}
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography id={headingId} component="h2" variant="h5" sx={{ mr: 'auto' }}>
          All reviews
        </Typography>
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as ReviewSort);
            pager.setPage(1);
          }}
          sx={{ minWidth: 180 }}
        >
          {sortOptions.map(({ value, label }) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ReviewFilterBar
        distribution={service?.rating.distribution}
        filters={filters}
        onChange={setFilters}
      />
      <ReviewList
        label="Reviews of this service"
        query={{ ...query, isLoading: authLoading || query.isLoading }}
        pager={pager}
        emptyText={
          isFiltered(filters) ? (
            <>
              No reviews match these filters: {filtersInWords(filters)}.{' '}
              <Button size="small" onClick={() => setFilters(NO_REVIEW_FILTERS)}>
                Show all reviews
              </Button>
            </>
          ) : (
            'No reviews yet. Be the first to review this service.'
          )
        }
        renderDetails={(review) => {
          // Only the author (and admins) get their unpublished reviews here: say why. A hold the
          // author's review met after the list was read shows as their own copy has it.
          const current = review._id === own?._id ? own : review;
          return (
            <>
              <EditedMark
                editedAt={review.editedAt}
                versionCount={review.versionCount}
                renderVersions={(open, onClose) => (
                  <ReviewVersionsDialog reviewId={review._id} open={open} onClose={onClose} />
                )}
              />
              {current.status !== 'published' && <ReviewModerationStatus review={current} />}
            </>
          );
        }}
        renderActions={(review) => (
          <>
            <HelpfulButton review={review} />
            {review.permissions.reply && review.status === 'published' && (
              <ReplyButton review={review} />
            )}
            <ReviewManageActions review={review} />
            {review.permissions.report && (
              <ReportReviewButton reviewId={review._id} status={myReports.get(review._id)} />
            )}
          </>
        )}
      />
    </Box>
  );
}
