import type { CriteriaSummaryDto } from '../../lib/api/client';

/** The courier criteria a review may rate, in the order they are shown. */
export const CRITERIA: readonly { key: keyof CriteriaSummaryDto; label: string }[] = [
  { key: 'speed', label: 'Speed' },
  { key: 'tracking', label: 'Tracking' },
  { key: 'condition', label: 'Parcel condition' },
  { key: 'communication', label: 'Communication' },
  { key: 'value', label: 'Value for money' },
];
