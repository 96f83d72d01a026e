import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { shiftDay, todayUtc } from './auditFilters';

/** Which UTC day of the audit trail is shown: the day before, a date, or the day after. */
export function AuditDayPicker({
  day,
  onChange,
}: {
  day: string;
  onChange: (day: string) => void;
}) {
  const today = todayUtc();
  return (
    <Stack
      component="nav"
      aria-label="Audit day"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Button onClick={() => onChange(shiftDay(day, -1))}>Previous day</Button>
      <TextField
        label="Day (UTC)"
        type="date"
        size="small"
        value={day}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      />
      <Button onClick={() => onChange(shiftDay(day, 1))} disabled={day >= today}>
        Next day
      </Button>
    </Stack>
  );
}
