import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ColorMode = 'light' | 'dark';

const STORAGE_KEY = 'service-critic.color-mode';

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
function initialColorMode(): ColorMode {
  const saved = readSavedColorMode();
  if (isColorMode(saved)) return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function saveColorMode(mode: ColorMode): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // storage blocked by the browser: the choice lasts until the page reloads
  }
}

export const colorModeSlice = createSlice({
  name: 'colorMode',
  initialState: () => ({ mode: initialColorMode() }),
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
