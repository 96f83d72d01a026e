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

/** The audit trail's filters: action type, actor e-mail and review id. */
export function AuditFilters({ onApply }: { onApply: (values: AuditFilterValues) => void }) {
  const [values, setValues] = useState<AuditFilterValues>(noAuditFilters);
  /** A filter field's value and change; the filters are small to sit side by side. */
  const fieldProps = (field: keyof AuditFilterValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    size: 'small' as const,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  const clear = () => {
    setValues(noAuditFilters);
    onApply(noAuditFilters);
  };

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
      <TextField select label="Action" {...fieldProps('action')}>
        <MenuItem value="">All actions</MenuItem>
        {(Object.keys(auditActionLabels) as AuditAction[]).map((action) => (
          <MenuItem key={action} value={action}>
            {auditActionLabels[action]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Actor e-mail" type="email" {...fieldProps('actor')} />
      <TextField label="Review ID" {...fieldProps('review')} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained">
          Apply filters
        </Button>
        <Button onClick={clear}>Clear</Button>
      </Box>
    </Box>
  );
}
