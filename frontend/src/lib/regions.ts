import { paths } from '../config/paths';
import type { Region } from './api/client';

/** The names people read for the API's regions (the enum `Region`), in the order they are offered. */
const REGION_LABELS: Record<Region, string> = {
  northeast: 'Northeast',
  southeast: 'Southeast',
  midwest: 'Midwest',
  southwest: 'Southwest',
  west: 'West',
  nationwide: 'Nationwide',
  international: 'International',
};

export const REGIONS = Object.keys(REGION_LABELS) as Region[];

export const isRegion = (value: string | null): value is Region =>
  REGIONS.includes(value as Region);

export const regionLabel = (region: Region): string => REGION_LABELS[region];

/** A service's regions as one phrase: 'West, Nationwide'. */
export const regionsText = (regions: readonly Region[]): string =>
  regions.map(regionLabel).join(', ');

/** The services page listing the couriers serving `region`. */
export const regionHref = (region: Region): string =>
  `${paths.services.getHref()}?region=${region}`;
