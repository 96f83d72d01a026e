import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { selectColorMode } from './colorModeSlice';
import { useAppSelector } from '../hooks';
import { themeFor } from './theme';

/** Applies the light or dark theme chosen in the store. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectColorMode);
  return (
    <ThemeProvider theme={themeFor(mode)}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
