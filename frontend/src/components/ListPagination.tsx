import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useEffect, useState } from 'react';
import { pageCount } from '../api/pagination';

/** The current page of a list (1-based) and the offset of its first item for the API. */
export function usePageNumber(pageSize: number) {
  const [page, setPage] = useState(1);
  return { page, setPage, offset: (page - 1) * pageSize };
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
