/**
 * The regions a service may say it serves: the United States' five regions (the site's prices
 * are in dollars), the whole country, and abroad. The DTOs validate against this list and the
 * OpenAPI document carries it to the frontend as the enum `Region`.
 */
export const REGIONS = [
  'northeast',
  'southeast',
  'midwest',
  'southwest',
  'west',
  'nationwide',
  'international',
] as const;
export type Region = (typeof REGIONS)[number];

/** The regions a nationwide service serves every one of. */
const WITHIN_THE_COUNTRY: readonly Region[] = [
  'northeast',
  'southeast',
  'midwest',
  'southwest',
  'west',
];

/**
 * Whether a service listing `regions` serves `region`: one it lists, or any region of the country
 * when it lists nationwide. Services added before regions existed list none.
 */
export function servesRegion(regions: readonly Region[] | undefined, region: Region): boolean {
  if (!regions) return false;
  return (
    regions.includes(region) ||
    (WITHIN_THE_COUNTRY.includes(region) && regions.includes('nationwide'))
  );
}
