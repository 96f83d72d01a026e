import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useCompareSelection } from './compareSelection';

/** "Compare": puts the service in the reader's choice of services to compare, or takes it out. */
export function CompareToggle({ id, title }: { id: string; title: string }) {
  const { ids, full, toggle } = useCompareSelection();
  const chosen = ids.includes(id);
  return (
    <FormControlLabel
      sx={{ mr: 0 }}
      control={
        <Checkbox
          checked={chosen}
          disabled={full && !chosen}
          onChange={() => toggle(id)}
          // Which service: every card says "Compare".
          slotProps={{ input: { 'aria-label': `Compare ${title}` } }}
        />
      }
      label="Compare"
    />
  );
}
