import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';

interface ColorModeToggleProps {
  mode: 'light' | 'dark';
  onToggle: () => void;
}

/** Switches between the light and the dark theme. */
export function ColorModeToggle({ mode, onToggle }: ColorModeToggleProps) {
  const label = mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={onToggle}>
      {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}
