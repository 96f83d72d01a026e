import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import type { Page } from '../lib/api/client';
import { LoadError } from './LoadError';
import { ListPagination, type Pager } from './ListPagination';

/** Room for the sticky header above a list scrolled to its top. */
export const SCROLL_MARGIN = 96;

/** Another page starts at the list's top, not where the page links were. */
export function scrollToTop(element: HTMLElement | null) {
  // jsdom has no scrollIntoView.
  element?.scrollIntoView?.({ block: 'start' });
}

/** What a paged query hook answers that a list needs. */
export interface PageQuery<T> {
  data?: Page<T>;
  isLoading: boolean;
  isFetching: boolean;
  error?: FetchBaseQueryError | SerializedError;
  refetch: () => unknown;
}

export interface PagedListProps<T> {
  /** Names the list and its page links for assistive technology. */
  label: string;
  query: PageQuery<T>;
  pager: Pager;
  /** What an empty first page says (with a way out, such as clearing filters). */
  emptyText: ReactNode;
  renderItem: (item: T) => ReactNode;
}

/** A list of one page of items: loading, then the items, an empty note or the server's error. */
export function PagedList<T extends { _id: string }>({
  label,
  query,
  pager,
  emptyText,
  renderItem,
}: PagedListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  if (query.isLoading) return <CircularProgress aria-label={`Loading ${label}`} />;
  if (query.error) {
    return <LoadError error={query.error} onRetry={query.refetch} retrying={query.isFetching} />;
  }
  const items = query.data?.items ?? [];
  if (items.length === 0 && pager.page === 1) return <Typography>{emptyText}</Typography>;
  return (
    <>
      <Stack
        ref={listRef}
        component="ul"
        aria-label={label}
        spacing={2}
        sx={{ listStyle: 'none', m: 0, p: 0, scrollMarginTop: SCROLL_MARGIN }}
      >
        {items.map((item) => (
          <li key={item._id}>{renderItem(item)}</li>
        ))}
      </Stack>
      <ListPagination
        label={`${label} pages`}
        page={pager.page}
        pageSize={pager.range.limit}
        total={query.data?.total ?? 0}
        onChange={(page) => {
          pager.setPage(page);
          scrollToTop(listRef.current);
        }}
      />
    </>
  );
}
