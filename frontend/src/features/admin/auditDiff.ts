/** How a field of an audited record changed. */
export type FieldChange = 'added' | 'removed' | 'changed' | 'same';

export interface FieldDiff {
  field: string;
  before: unknown;
  after: unknown;
  change: FieldChange;
}

// Shown first, in this order, when present: what a person reads in a review.
const LEADING_FIELDS = [
  'title',
  'details',
  'rating',
  'criteria',
  'serviceID',
  'status',
  'moderationReasons',
  'moderationNote',
  'reviewUser',
  'email',
];

/** Bookkeeping of the storage, not of the record: never shown. */
const HIDDEN_FIELDS = new Set(['__v', 'rev', 'pending', 'pendingEvents', 'appliedChanges']);

const isBlank = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

function changeOf(before: unknown, after: unknown): FieldChange {
  if (isBlank(before) && isBlank(after)) return 'same';
  if (isBlank(before)) return 'added';
  if (isBlank(after)) return 'removed';
  return JSON.stringify(before) === JSON.stringify(after) ? 'same' : 'changed';
}

function rank(field: string): number {
  const index = LEADING_FIELDS.indexOf(field);
  return index === -1 ? LEADING_FIELDS.length : index;
}

/** Each field of the record before and after a change, and how it changed, readable fields first. */
export function diffRecords(before: object | null, after: object | null): FieldDiff[] {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter(
    (field) => !HIDDEN_FIELDS.has(field),
  );
  return fields
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((field) => ({
      field,
      before: was[field],
      after: is[field],
      change: changeOf(was[field], is[field]),
    }));
}
