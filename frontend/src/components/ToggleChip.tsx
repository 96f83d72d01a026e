import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';

interface ToggleChipProps {
  label: string;
  pressed: boolean;
  onToggle: () => void;
}

/** A chip that turns a filter on or off; pressed, it is filled and checked. */
export function ToggleChip({ label, pressed, onToggle }: ToggleChipProps) {
  return (
    <Chip
      label={label}
      aria-pressed={pressed}
      onClick={onToggle}
      color={pressed ? 'primary' : 'default'}
      variant={pressed ? 'filled' : 'outlined'}
      icon={pressed ? <CheckIcon /> : undefined}
    />
  );
}
