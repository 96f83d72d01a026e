import { describe, expect, it } from 'vitest';
import {
  CARD_DETAILS_LENGTH,
  CARD_TITLE_LENGTH,
  DETAILS_PREVIEW_LENGTH,
  truncate,
} from './truncate';

describe('truncate', () => {
  it('cuts a card title longer than 11 characters and adds ...', () => {
    expect(truncate('Same-Day City Courier', CARD_TITLE_LENGTH)).toBe('Same-Day Ci...');
  });

  it('keeps a title of exactly 11 characters, or shorter, as it is', () => {
    expect(truncate('Fast Parcel', CARD_TITLE_LENGTH)).toBe('Fast Parcel');
    expect(truncate('Courier', CARD_TITLE_LENGTH)).toBe('Courier');
  });

  it('cuts a card description to 100 characters plus ...', () => {
    const details = 'x'.repeat(101);
    expect(truncate(details, CARD_DETAILS_LENGTH)).toBe(`${'x'.repeat(100)}...`);
    expect(truncate('y'.repeat(100), CARD_DETAILS_LENGTH)).toBe('y'.repeat(100));
  });

  it('uses 150 characters for the service page preview', () => {
    expect(truncate('z'.repeat(151), DETAILS_PREVIEW_LENGTH)).toBe(`${'z'.repeat(150)}...`);
    expect(truncate('', DETAILS_PREVIEW_LENGTH)).toBe('');
  });
});
