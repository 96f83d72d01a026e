import {
  createTheme,
  type PaletteOptions,
  type Theme,
  type ThemeOptions,
} from '@mui/material/styles';
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

/** A finger's comfortable target on a phone (WCAG 2.5.5, Apple's and Google's guides: 44 to 48 px). */
const PHONE_TARGET_PX = 44;

/** On phone-wide screens, buttons grow to PHONE_TARGET_PX; elsewhere MUI's sizes pass 24 px. */
const phoneTarget = ({ theme }: { theme: Theme }) => ({
  [theme.breakpoints.down('sm')]: { minHeight: PHONE_TARGET_PX, minWidth: PHONE_TARGET_PX },
});

/**
 * The scrollbar's space is kept even on short pages, so content never jumps sideways when it
 * appears; buttons are easy to hit on phones.
 */
const components: ThemeOptions['components'] = {
  MuiCssBaseline: { styleOverrides: { html: { scrollbarGutter: 'stable' } } },
  MuiButton: { styleOverrides: { root: phoneTarget } },
  MuiIconButton: { styleOverrides: { root: phoneTarget } },
  MuiPaginationItem: {
    styleOverrides: {
      root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minWidth: 36, height: 36 } }),
    },
  },
};

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
