import type { ServiceDto } from '../lib/api/client';

const noCriterion = { average: null, count: 0 };

/** A service as GET /api/services answers it, unrated unless `overrides` say otherwise. */
export function serviceFixture(overrides: Partial<ServiceDto> = {}): ServiceDto {
  return {
    _id: '65a000000000000000000001',
    category_id: 'courier',
    regions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    title: 'Overnight Parcel Express',
    price: 18,
    image: '/images/services/overnight-parcel-express.svg',
    details: 'Drop off by 6 pm and your parcel arrives before noon the next working day.',
    rating: {
      average: 0,
      count: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      criteria: {
        speed: noCriterion,
        tracking: noCriterion,
        condition: noCriterion,
        communication: noCriterion,
        value: noCriterion,
      },
    },
    score: { value: null, priorMean: 3.9, priorWeight: 5, halfLifeDays: 365 },
    replies: { replied: 0, share: 0 },
    verified: { verified: 0, share: 0 },
    permissions: { review: true, reply: false, invite: false, edit: false, claim: false },
    ...overrides,
  };
}
