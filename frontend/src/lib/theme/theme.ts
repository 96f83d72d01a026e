import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import type { ColorMode } from './colorModeSlice';

/** MUI picks black or white text for a colour only if it reaches WCAG AA (4.5:1). */
const AA_CONTRAST = 4.5;

const systemFonts = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The scrollbar's space is kept even on short pages, so content never jumps sideways when it appears. */
const components = {
  MuiCssBaseline: { styleOverrides: { html: { scrollbarGutter: 'stable' } } },
} as const;

/** The colours of each mode; the rest of the theme is the same for both. */
const palettes: Record<ColorMode, PaletteOptions> = {
  light: {
    primary: { main: '#0b57a4' },
    secondary: { main: '#a84b00' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
  },
  dark: {
    primary: { main: '#8cc4ff' },
    secondary: { main: '#ffb66e' },
    background: { default: '#0f1318', paper: '#171c23' },
  },
};

const themes: Partial<Record<ColorMode, Theme>> = {};

/** The theme of a mode, made the first time it is asked for (most visits need only one). */
export const themeFor = (mode: ColorMode): Theme =>
  (themes[mode] ??= createTheme({
    palette: { mode, contrastThreshold: AA_CONTRAST, ...palettes[mode] },
    typography: { fontFamily: systemFonts },
    components,
  }));
