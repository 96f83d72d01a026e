/**
 * Generated data for load tests: services, users and reviews that look like the real thing
 * (popular services get most reviews, ratings lean positive but spread 1–5). Pure and
 * reproducible: the same sizes and seed give the same data.
 */
import { CRITERIA, ratingIncrements, type Criterion, type ReviewRating } from '../ratings/ratings';
import { decayedIncrements } from '../ratings/fair-score';

export interface BulkSizes {
  services: number;
  reviews: number;
  users: number;
}

export interface BulkService {
  index: number;
  title: string;
  price: number;
  image: string;
  details: string;
  category_id: string;
  createdAt: Date;
}

export interface BulkUser {
  index: number;
  email: string;
  displayName: string;
}

export interface BulkReview {
  service: number;
  user: number;
  rating: number;
  criteria: Partial<Record<Criterion, number>>;
  details: string;
  serviceID: number;
  status: 'published' | 'flagged';
  createdAt: Date;
}

const CATEGORIES = [
  'courier',
  'same-day',
  'freight',
  'international',
  'moving',
  'food',
  'warehousing',
];
const PLACES = [
  'Northern',
  'Harbour',
  'Metro',
  'Valley',
  'Coastal',
  'Capital',
  'Riverside',
  'Summit',
];
const QUALITIES = [
  'Swift',
  'Reliable',
  'Green',
  'Budget',
  'Premier',
  'Night',
  'Express',
  'Careful',
];
const KINDS: Record<string, string[]> = {
  courier: ['Parcel Couriers', 'Letter Post', 'Document Runners'],
  'same-day': ['Same-Day Vans', 'Bike Messengers', 'Hour Couriers'],
  freight: ['Pallet Freight', 'Haulage', 'Trucking'],
  international: ['Air Cargo', 'Ocean Shipping', 'Global Express'],
  moving: ['Removals', 'Moving Crew', 'Man & Van'],
  food: ['Grocery Delivery', 'Cold Chain', 'Meal Couriers'],
  warehousing: ['Fulfilment', 'Storage & Dispatch', 'Logistics Hub'],
};
const FIRST_NAMES = [
  'Ana',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Femi',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
];
const LAST_NAMES = ['Adams', 'Brown', 'Costa', 'Dubois', 'Eze', 'Fischer', 'Garcia', 'Haddad'];
const OPENINGS: Record<number, string[]> = {
  1: ['Never again.', 'The parcel arrived broken and nobody answered my calls.'],
  2: ['Late by two days.', 'Tracking stopped updating halfway through.'],
  3: ['Did the job, nothing more.', 'Arrived a day late but intact.'],
  4: ['Good service overall.', 'On time and well packed.'],
  5: ['Excellent from pickup to delivery.', 'Fast, friendly and careful with fragile items.'],
};
const CLOSINGS = [
  'The driver was polite.',
  'Booking online took two minutes.',
  'Prices are fair for the distance.',
  'Customer support replied within the hour.',
  'I would compare quotes next time.',
];
/** Most reviews are 4 or 5 stars, as on real review sites. */
const STAR_WEIGHTS = [0.07, 0.08, 0.15, 0.32, 0.38];
const DAY_MS = 86_400_000;
const SPAN_DAYS = 730;

/** mulberry32: a small seeded generator, so a run can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function weighted(random: () => number, weights: readonly number[]): number {
  let roll = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (let index = 0; index < weights.length; index += 1) {
    roll -= weights[index];
    if (roll < 0) return index;
  }
  return weights.length - 1;
}

/** `tag` makes titles and e-mails unique across runs (titles are a unique key). */
export function bulkServices(count: number, tag: string, random: () => number, now: Date) {
  return Array.from({ length: count }, (_, index): BulkService => {
    const category = pick(random, CATEGORIES);
    const kind = pick(random, KINDS[category]);
    const name = `${pick(random, PLACES)} ${pick(random, QUALITIES)} ${kind}`;
    return {
      index,
      title: `${name} ${tag}-${index + 1}`,
      price: 5 + Math.floor(random() * 995),
      image: '/images/services/document-courier.svg',
      details: `${name} serves customers nationwide. ${pick(random, CLOSINGS)} ${pick(random, CLOSINGS)}`,
      category_id: category,
      createdAt: new Date(now.getTime() - Math.floor(random() * SPAN_DAYS * DAY_MS)),
    };
  });
}

export function bulkUsers(count: number, tag: string, random: () => number): BulkUser[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    email: `bulk.${tag}.${index + 1}@example.com`,
    displayName: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
  }));
}

/**
 * How many reviews each service gets: a long tail (weight 1/(rank+5)), capped at the number of
 * users since a user reviews a service at most once.
 */
export function reviewCounts(sizes: BulkSizes, random: () => number): number[] {
  if (sizes.reviews > sizes.services * sizes.users) {
    throw new RangeError(
      `${sizes.reviews} reviews need more than ${sizes.services} services × ${sizes.users} users.`,
    );
  }
  const weights = Array.from({ length: sizes.services }, (_, rank) => 1 / (rank + 5));
  const counts = new Array<number>(sizes.services).fill(0);
  for (let placed = 0; placed < sizes.reviews;) {
    const service = weighted(random, weights);
    if (counts[service] >= sizes.users) {
      weights[service] = 0;
      continue;
    }
    counts[service] += 1;
    placed += 1;
  }
  return counts;
}

function criteriaFor(rating: number, random: () => number): Partial<Record<Criterion, number>> {
  if (random() < 0.4) return {};
  const criteria: Partial<Record<Criterion, number>> = {};
  for (const criterion of CRITERIA) {
    criteria[criterion] = Math.min(5, Math.max(1, rating + Math.round(random() * 2 - 1)));
  }
  return criteria;
}

/**
 * The reviews of one service. Its k-th review is by user (offset + k) mod users, so no user
 * reviews a service twice.
 */
export function serviceReviews(
  service: BulkService,
  count: number,
  users: number,
  random: () => number,
  now: Date,
): BulkReview[] {
  const offset = Math.floor(random() * users);
  const lean = random() * 2 - 1; // some services are better than others
  return Array.from({ length: count }, (_, k) => {
    const stars = weighted(random, STAR_WEIGHTS) + 1;
    const rating = Math.min(5, Math.max(1, Math.round(stars + lean * random())));
    const age = random() * (now.getTime() - service.createdAt.getTime());
    return {
      service: service.index,
      user: (offset + k) % users,
      rating,
      criteria: criteriaFor(rating, random),
      details: `${pick(random, OPENINGS[rating])} ${pick(random, CLOSINGS)}`,
      serviceID: 1 + Math.floor(random() * 9999),
      status: random() < 0.03 ? 'flagged' : 'published',
      createdAt: new Date(now.getTime() - age),
    };
  });
}

/** The counters a service keeps, summed over its published reviews. */
export function ratingCountersOf(
  reviews: BulkReview[],
  halfLifeDays: number,
): Record<string, number> {
  const counters: Record<string, number> = {};
  for (const review of reviews) {
    if (review.status !== 'published') continue;
    const rating: ReviewRating = {
      rating: review.rating,
      criteria: review.criteria,
      at: review.createdAt,
    };
    const increments = {
      ...ratingIncrements(undefined, rating),
      ...decayedIncrements(undefined, rating, halfLifeDays),
    };
    for (const [field, amount] of Object.entries(increments)) {
      counters[field] = (counters[field] ?? 0) + amount;
    }
  }
  return counters;
}
