import { ValidateBy, type ValidationOptions } from 'class-validator';

/** How far back a date of experience may go: older ones say little about the service today. */
export const EXPERIENCE_YEARS_BACK = 2;

export const EXPERIENCE_DATE_MESSAGE = `experiencedAt must be a date (YYYY-MM-DD) within the last ${EXPERIENCE_YEARS_BACK} years, not in the future`;

const DAY_MS = 24 * 60 * 60 * 1000;
// A reviewer's today may already be tomorrow in UTC: the latest time zone is UTC+14.
const LATEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Whether `value` is a calendar date "YYYY-MM-DD" (a real one: no February 30) that is not
 * after today anywhere on Earth, and no more than EXPERIENCE_YEARS_BACK years before today.
 */
export function isExperienceDate(value: unknown, now = new Date()): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || isoDay(day) !== value) return false;
  const latest = isoDay(new Date(now.getTime() + LATEST_ZONE_AHEAD_MS));
  const earliest = new Date(now.getTime() - DAY_MS);
  earliest.setUTCFullYear(earliest.getUTCFullYear() - EXPERIENCE_YEARS_BACK);
  return value <= latest && value >= isoDay(earliest);
}

/** The date a review's experience happened, as `isExperienceDate` allows it. */
export function IsExperienceDate(options: ValidationOptions = {}) {
  return ValidateBy(
    {
      name: 'isExperienceDate',
      validator: {
        validate: (value: unknown) => isExperienceDate(value),
        defaultMessage: () => EXPERIENCE_DATE_MESSAGE,
      },
    },
    options,
  );
}
