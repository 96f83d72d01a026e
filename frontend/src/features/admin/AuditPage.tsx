import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useListAuditEntriesQuery } from '../../api/client';
import { usePager } from '../../components/ListPagination';
import { PagedList } from '../../components/PagedList';
import { AuditEntryCard } from './AuditEntryCard';
import { AuditFilters } from './AuditFilters';
import { noAuditFilters, toAuditQuery } from './auditFilters';

const PAGE_SIZE = 20;

/** /admin/audit: every recorded change, newest first, deleted reviews' full text included. */
export function AuditPage() {
  const [filters, setFilters] = useState(noAuditFilters);
  const pager = usePager(PAGE_SIZE);
  const query = useListAuditEntriesQuery({ ...toAuditQuery(filters), ...pager.range });

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Audit trail
      </Typography>
      <AuditFilters
        onApply={(values) => {
          setFilters(values);
          pager.setPage(1);
        }}
      />
      <PagedList
        label="Audit entries"
        query={query}
        pager={pager}
        emptyText="No audit entries match."
        renderItem={(entry) => <AuditEntryCard entry={entry} />}
      />
    </Stack>
  );
}
