import { randomInt } from 'node:crypto';
import type { TestApp } from './test-app';

/**
 * Letters that spell nothing the screening and moderation rules look for: no vowels, nor f, k,
 * l, n, p, s or y. A tag from the clock or a UUID did ("fag", "a55", "fck" in base 36: about one
 * service in 7 000 was held for an admin, and a test waiting for a listed one failed), and a
 * number in a text reads as a phone number.
 */
const TAG_LETTERS = 'bcdghjmqrtvwxz';

/**
 * A word no other test writes, for titles and texts that must be unique: random safe letters,
 * never one twice in a row (six in a row are "repeated characters").
 */
export function uniqueTag(length = 12): string {
  let tag = '';
  while (tag.length < length) {
    const letter = TAG_LETTERS[randomInt(TAG_LETTERS.length)]!;
    if (letter !== tag.at(-1)) tag += letter;
  }
  return tag;
}

export interface ServiceFields {
  title?: string;
  price?: number | string;
  image?: string;
  details?: string;
  category_id?: string;
}

/** Adds a service with a unique title as the given user; answers its id. */
export async function addService(
  testApp: TestApp,
  accessToken: string,
  fields: ServiceFields = {},
): Promise<string> {
  const tag = uniqueTag();
  const response = await testApp
    .http()
    .post('/api/addservices')
    .set('Authorization', `Bearer ${accessToken}`)
    .send({
      title: `Test Courier ${tag}`,
      price: 20,
      image: '/images/services/test.svg',
      // Unique too: a description another service has holds the new one for an admin.
      details: `Parcels across town before the evening on route ${tag}.`,
      ...fields,
    })
    .expect(201);
  return response.body.insertedId;
}

export interface ReviewFields {
  title?: string;
  details?: string;
  serviceID?: number | string;
  rating?: number;
  criteria?: Record<string, number>;
}

/** Reviews the service as the given user; answers the review's id. */
export async function addReview(
  testApp: TestApp,
  accessToken: string,
  service: string,
  fields: ReviewFields = {},
): Promise<string> {
  const response = await testApp
    .http()
    .post('/api/addreviews')
    .set('Authorization', `Bearer ${accessToken}`)
    .send({
      title: 'Test Courier',
      details: 'Arrived on time and intact.',
      serviceID: 4821,
      rating: 4,
      service,
      ...fields,
    })
    .expect(201);
  return response.body.insertedId;
}
