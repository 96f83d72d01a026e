import { isExperienceDate } from './experience-date';

describe('isExperienceDate', () => {
  const now = new Date('2026-11-29T21:00:00Z');

  it('takes a calendar day from today back to 2 years ago', () => {
    expect(isExperienceDate('2026-11-29', now)).toBe(true);
    expect(isExperienceDate('2026-03-01', now)).toBe(true);
    expect(isExperienceDate('2024-11-29', now)).toBe(true);
  });

  it("takes tomorrow's date while it is already tomorrow somewhere (UTC+14)", () => {
    expect(isExperienceDate('2026-11-30', now)).toBe(true);
    expect(isExperienceDate('2026-12-01', now)).toBe(false);
  });

  it('refuses a day more than 2 years back', () => {
    expect(isExperienceDate('2024-11-27', now)).toBe(false);
    expect(isExperienceDate('1999-12-31', now)).toBe(false);
  });

  it('refuses what is not a real day written YYYY-MM-DD', () => {
    for (const value of [
      '2026-02-30',
      '2026-3-1',
      '01/03/2026',
      '2026-03-01T10:00:00Z',
      '',
      20260301,
    ]) {
      expect(isExperienceDate(value, now)).toBe(false);
    }
  });
});
