import { SEED_SERVICES } from '../seed/seed-data';
import { REGIONS, servesRegion } from './regions';

describe('the regions a service serves', () => {
  it('a service serves the regions it lists, and a nationwide one every region of the country', () => {
    expect(servesRegion(['west', 'midwest'], 'midwest')).toBe(true);
    expect(servesRegion(['west'], 'northeast')).toBe(false);
    expect(servesRegion(['nationwide'], 'southeast')).toBe(true);
    expect(servesRegion(['nationwide'], 'nationwide')).toBe(true);
    expect(servesRegion(['nationwide'], 'international')).toBe(false);
    expect(servesRegion(['international'], 'international')).toBe(true);
    expect(servesRegion(['west'], 'nationwide')).toBe(false);
  });

  it('a service that lists no regions serves none', () => {
    expect(servesRegion(undefined, 'west')).toBe(false);
    expect(servesRegion([], 'nationwide')).toBe(false);
  });

  it('the seed has services in every region, so no region browses empty', () => {
    for (const region of REGIONS) {
      expect(SEED_SERVICES.some((service) => servesRegion(service.regions, region))).toBe(true);
    }
  });
});
