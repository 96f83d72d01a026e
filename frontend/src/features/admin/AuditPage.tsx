import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useListAuditEntriesQuery } from '../../lib/api/client';
import { usePager } from '../../components/ListPagination';
import { PagedList } from '../../components/PagedList';
import { AuditDayPicker } from './AuditDayPicker';
import { AuditEntryCard } from './AuditEntryCard';
import { AuditFilters } from './AuditFilters';
import { noAuditFilters, toAuditQuery, todayUtc } from './auditFilters';
import { TitledPage } from '../../components/TitledPage';
import { AdminPageLinks } from '../../components/AdminPageLinks';

const PAGE_SIZE = 20;

/**
 * /admin/audit: recorded changes, newest first, deleted reviews' full text included; one UTC day
 * at a time (today first), or all of one review's or one actor's.
 */
export function AuditPage() {
  const [filters, setFilters] = useState(noAuditFilters);
  const [day, setDay] = useState(todayUtc);
  const pager = usePager(PAGE_SIZE);
  const args = toAuditQuery(filters, day);
  const query = useListAuditEntriesQuery({ ...args, ...pager.range });

  return (
    <TitledPage title="Audit trail">
      <AdminPageLinks />
      <AuditFilters
        onApply={(values) => {
          setFilters(values);
          pager.setPage(1);
        }}
      />
      {args.day ? (
        <AuditDayPicker
          day={day}
          onChange={(picked) => {
            setDay(picked);
            pager.setPage(1);
          }}
        />
      ) : (
        <Typography>All days of this {args.review ? 'review' : 'actor'}.</Typography>
      )}
      <PagedList
        label="Audit entries"
        query={query}
        pager={pager}
        emptyText="No audit entries match."
        renderItem={(entry) => <AuditEntryCard entry={entry} />}
      />
    </TitledPage>
  );
}
