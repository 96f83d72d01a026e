import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useEffect, useState } from 'react';
import { pageCount } from '../lib/api/pagination';

/** The API's `limit` and `offset` arguments for one page of a list. */
export interface PageRange {
  limit: number;
  offset: number;
}

/** A list's current page (1-based) and the range of items it shows. */
export interface Pager {
  page: number;
  setPage: (page: number) => void;
  range: PageRange;
}

/** The pages of a list of `pageSize` items each, starting at the first. */
export function usePager(pageSize: number): Pager {
  const [page, setPage] = useState(1);
  return { page, setPage, range: { limit: pageSize, offset: (page - 1) * pageSize } };
}

interface ListPaginationProps {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** Page links under a list; when the list shrinks below the current page, steps back to its end. */
export function ListPagination({ label, page, pageSize, total, onChange }: ListPaginationProps) {
  const count = pageCount(total, pageSize);
  useEffect(() => {
    if (page > count) onChange(count);
  }, [page, count, onChange]);
  if (count <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
      <Pagination
        aria-label={label}
        count={count}
        page={Math.min(page, count)}
        onChange={(_event, next) => onChange(next)}
        color="primary"
        siblingCount={0}
      />
    </Box>
  );
}
