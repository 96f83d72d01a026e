import { servesRegion } from './regions';

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
});
