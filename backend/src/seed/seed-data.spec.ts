import { REGIONS, servesRegion } from '../services/regions';
import { SEED_SERVICES } from './seed-data';

describe('the seed data', () => {
  it('has services in every region, so no region browses empty', () => {
    for (const region of REGIONS) {
      expect(SEED_SERVICES.some((service) => servesRegion(service.regions, region))).toBe(true);
    }
  });
});
