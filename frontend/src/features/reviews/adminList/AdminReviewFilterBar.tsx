import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { reviewReasonLabels, type HeldReason } from '../../../lib/moderationReasons';
import { ADMIN_STATUSES, type AdminReviewFilters } from './adminReviewFilters';

const statusLabels: Record<AdminReviewFilters['status'], string> = {
  any: 'Any status',
  flagged: 'Held (flagged)',
  published: 'Published',
  rejected: 'Rejected',
};

interface AdminReviewFilterBarProps {
  filters: AdminReviewFilters;
  onChange: (changes: Partial<AdminReviewFilters>) => void;
  /** How the chosen service and author are named (from the reviews listed for them). */
  serviceName?: string;
  authorName?: string;
}

/**
 * An admin list's search, its status, reason and order menus (applied at once), and the service
 * and author it is narrowed to (set from a review's "Only this …" links), each removable.
 */
export function AdminReviewFilterBar({
  filters,
  onChange,
  serviceName,
  authorName,
}: AdminReviewFilterBarProps) {
  const [text, setText] = useState(filters.q);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() });
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter reviews"
      noValidate
      onSubmit={search}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: '2fr repeat(3, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          label="Search the text"
          type="search"
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
      </Box>
      <TextField
        select
        label="Status"
        size="small"
        value={filters.status}
        onChange={(event) =>
          onChange({ status: event.target.value as AdminReviewFilters['status'] })
        }
      >
        {ADMIN_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {statusLabels[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Reason"
        size="small"
        value={filters.reason}
        onChange={(event) => onChange({ reason: event.target.value as HeldReason | '' })}
      >
        <MenuItem value="">Any reason</MenuItem>
        {(Object.keys(reviewReasonLabels) as HeldReason[]).map((reason) => (
          <MenuItem key={reason} value={reason}>
            {reviewReasonLabels[reason]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Order"
        size="small"
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.target.value as AdminReviewFilters['sort'] })}
      >
        <MenuItem value="newest">Newest first</MenuItem>
        <MenuItem value="oldest">Oldest first</MenuItem>
      </TextField>
      {(filters.service || filters.author || filters.q) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: '1 / -1' }}>
          {filters.q && (
            <Chip
              label={`Text: ${filters.q}`}
              onDelete={() => {
                setText('');
                onChange({ q: '' });
              }}
            />
          )}
          {filters.service && (
            <Chip
              label={`Service: ${serviceName ?? filters.service}`}
              onDelete={() => onChange({ service: '' })}
            />
          )}
          {filters.author && (
            <Chip
              label={`Author: ${authorName ?? filters.author}`}
              onDelete={() => onChange({ author: '' })}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
