import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useState, type ReactNode } from 'react';
import type { ListReviewsApiArg, ReviewDto } from '../../../lib/api/client';
import { usePager, type PageRange } from '../../../components/ListPagination';
import { ReviewList, type ReviewPageQuery } from '../ReviewList';
import { AdminReviewFilterBar } from './AdminReviewFilterBar';
import {
  SEARCH_WINDOW,
  filterArgs,
  searchesAWindow,
  useAdminReviewFilters,
  type AdminReviewFilters,
} from './adminReviewFilters';
import { BulkDecisionBar } from './BulkDecisionBar';

const PAGE_SIZE = 10;

/** The links narrowing the list to a review's service or author. */
const narrowings = (review: ReviewDto) => [
  { label: 'Only this service’s reviews', changes: { service: review.service } },
  { label: 'Only this author’s reviews', changes: { author: review.authorId } },
];

const isCurrent = (filters: AdminReviewFilters, changes: Partial<AdminReviewFilters>) =>
  Object.entries(changes).every(
    ([field, value]) => filters[field as keyof AdminReviewFilters] === value,
  );

interface AdminReviewListProps {
  label: string;
  emptyText: string;
  /** The page's filters before the admin changes them. */
  defaults: Pick<AdminReviewFilters, 'status' | 'sort'>;
  /** The list's query hook; a module-level function, so hooks run in a stable order. */
  useReviews: (args: ListReviewsApiArg & PageRange) => ReviewPageQuery;
  renderDetails: (review: ReviewDto) => ReactNode;
  renderActions: (review: ReviewDto) => ReactNode;
}

/**
 * An admin's list of reviews: filters in the address, a selection for bulk decisions, and on
 * each review links narrowing the list to its service or its author.
 */
export function AdminReviewList({ defaults, ...props }: AdminReviewListProps) {
  const { filters, change } = useAdminReviewFilters(defaults);
  // A new filter starts a new list: its first page, nothing selected.
  return (
    <FilteredReviews key={JSON.stringify(filters)} filters={filters} change={change} {...props} />
  );
}

function FilteredReviews({
  filters,
  change,
  label,
  emptyText,
  useReviews,
  renderDetails,
  renderActions,
}: Omit<AdminReviewListProps, 'defaults'> & ReturnType<typeof useAdminReviewFilters>) {
  const pager = usePager(PAGE_SIZE);
  const query = useReviews({ ...filterArgs(filters), ...pager.range });
  const [selected, setSelected] = useState<string[]>([]);
  const items = query.data?.items ?? [];
  const pageIds = items.map((review) => review._id);
  const shown = selected.filter((id) => pageIds.includes(id));
  const toggle = (id: string, on: boolean) =>
    setSelected(on ? [...shown, id] : shown.filter((other) => other !== id));

  return (
    <>
      <AdminReviewFilterBar
        filters={filters}
        onChange={change}
        serviceName={items.find((review) => review.service === filters.service)?.serviceTitle}
        authorName={items.find((review) => review.authorId === filters.author)?.reviewUser}
      />
      {searchesAWindow(filters) && (
        <Alert severity="info">
          The search looks at the {SEARCH_WINDOW} {filters.sort} reviews that match the other
          filters. Choose a service or an author to search all of theirs.
        </Alert>
      )}
      <BulkDecisionBar pageIds={pageIds} selected={shown} onSelect={setSelected} />
      <ReviewList
        label={label}
        query={query}
        pager={pager}
        emptyText={emptyText}
        renderDetails={(review) => (
          <>
            {renderDetails(review)}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {narrowings(review)
                .filter(({ changes }) => !isCurrent(filters, changes))
                .map(({ label, changes }) => (
                  <Link
                    key={label}
                    component="button"
                    type="button"
                    onClick={() => change(changes)}
                  >
                    {label}
                  </Link>
                ))}
            </Box>
          </>
        )}
        renderActions={(review) => (
          <>
            <FormControlLabel
              label="Select"
              control={
                <Checkbox
                  checked={shown.includes(review._id)}
                  onChange={(event) => toggle(review._id, event.target.checked)}
                  slotProps={{
                    input: { 'aria-label': `Select the review by ${review.reviewUser}` },
                  }}
                />
              }
            />
            {renderActions(review)}
          </>
        )}
      />
    </>
  );
}
