import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import {
  auditActionLabels,
  noAuditFilters,
  type AuditAction,
  type AuditFilterValues,
} from './auditFilters';

/** The audit trail's filters: action type, actor e-mail, review id and a date range. */
export function AuditFilters({ onApply }: { onApply: (values: AuditFilterValues) => void }) {
  const [values, setValues] = useState<AuditFilterValues>(noAuditFilters);
  const set = (field: keyof AuditFilterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  const clear = () => {
    setValues(noAuditFilters);
    onApply(noAuditFilters);
  };
  const dateLabel = { inputLabel: { shrink: true } };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Audit filters"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      <TextField select label="Action" value={values.action} onChange={set('action')} size="small">
        <MenuItem value="">All actions</MenuItem>
        {(Object.keys(auditActionLabels) as AuditAction[]).map((action) => (
          <MenuItem key={action} value={action}>
            {auditActionLabels[action]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Actor e-mail"
        type="email"
        value={values.actor}
        onChange={set('actor')}
        size="small"
      />
      <TextField label="Review ID" value={values.review} onChange={set('review')} size="small" />
      <TextField
        label="From"
        type="date"
        value={values.from}
        onChange={set('from')}
        size="small"
        slotProps={dateLabel}
      />
      <TextField
        label="To"
        type="date"
        value={values.to}
        onChange={set('to')}
        size="small"
        slotProps={dateLabel}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button onClick={clear}>Clear</Button>
      </Box>
    </Box>
  );
}
