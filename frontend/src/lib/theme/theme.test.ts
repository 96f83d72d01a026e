import { getContrastRatio, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme';

const WCAG_AA = 4.5;

describe.each(['light', 'dark'] as const)('%s theme', (mode) => {
  const theme: Theme = themeFor(mode);
  const { palette } = theme;

  it('is made once for its mode', () => {
    expect(themeFor(mode)).toBe(theme);
    expect(palette.mode).toBe(mode);
  });

  it.each(['default', 'paper'] as const)('has AA contrast for text on the %s background', (bg) => {
    expect(getContrastRatio(palette.text.primary, palette.background[bg])).toBeGreaterThanOrEqual(
      WCAG_AA,
    );
    expect(getContrastRatio(palette.text.secondary, palette.background[bg])).toBeGreaterThanOrEqual(
      WCAG_AA,
    );
  });

  it.each(['primary', 'secondary'] as const)('has AA contrast on %s buttons', (color) => {
    expect(
      getContrastRatio(palette[color].contrastText, palette[color].main),
    ).toBeGreaterThanOrEqual(WCAG_AA);
  });

  it('has AA contrast for primary-coloured text (links) on the page', () => {
    expect(
      getContrastRatio(palette.primary.main, palette.background.default),
    ).toBeGreaterThanOrEqual(WCAG_AA);
  });
});
