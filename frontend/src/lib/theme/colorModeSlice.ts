import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { COLOR_MODE_COOKIE, COLOR_MODE_STORAGE_KEY, type ColorMode } from '../pageContract';

export type { ColorMode };

const STORAGE_KEY = COLOR_MODE_STORAGE_KEY;
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark';
}

function readSavedColorMode(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked by the browser
  }
}

/** The saved choice, else the system preference, else light. */
export function preferredColorMode(): ColorMode {
  const saved = readSavedColorMode();
  if (isColorMode(saved)) return saved;
  // globalThis: the server renders pages too, and has no window.
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function saveColorMode(mode: ColorMode): void {
  document.cookie = `${COLOR_MODE_COOKIE}=${mode}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  try {
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // storage blocked by the browser: the cookie keeps the choice
  }
}

export const colorModeSlice = createSlice({
  name: 'colorMode',
  initialState: () => ({ mode: preferredColorMode() }),
  reducers: {
    colorModeChosen: (state, action: PayloadAction<ColorMode>) => {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectColorMode: (state) => state.mode,
  },
});

export const { colorModeChosen } = colorModeSlice.actions;
export const { selectColorMode } = colorModeSlice.selectors;
