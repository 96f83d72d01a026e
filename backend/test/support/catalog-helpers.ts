import { ReviewCreates } from '../../src/reviews/store/review-creates';
import type { TestApp } from './test-app';
import { uniqueTag } from '../../../frontend/e2e/unique-tag';

export interface ServiceFields {
  title?: string;
  price?: number | string;
  image?: string;
  details?: string;
  category_id?: string;
  regions?: string[];
  website?: string;
  contactEmail?: string;
  contactPhone?: string;
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
  experiencedAt?: string;
}

/**
 * Once the new reviews an in-process app has answered are counted in their services' ratings
 * (which follow the answer by up to ReviewSettlement's COUNT_INTERVAL_MS) and queued. An app in
 * another process has no handle for it: its tests wait for the figures they read.
 */
export async function newReviewsSettled(testApp: TestApp): Promise<void> {
  await testApp.app?.get(ReviewCreates).settled();
}

/**
 * Reviews the service as the given user, and waits until the review is counted in the service's
 * rating (`newReviewsSettled`); answers the review's id.
 */
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
  await newReviewsSettled(testApp);
  return response.body.insertedId;
}

/** Takes the review down as an admin (`adminToken`), with the reason its author will read. */
export async function rejectReview(
  testApp: TestApp,
  adminToken: string,
  review: string,
  reason: string,
): Promise<void> {
  await testApp
    .http()
    .post(`/api/admin/reviews/${review}/reject`)
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ reason })
    .expect(200);
}

/** An invitation of `service` by its owner (the request: callers expect its status). */
export function inviteCustomer(
  testApp: TestApp,
  ownerAccessToken: string,
  service: string,
  email?: string,
) {
  return testApp
    .http()
    .post(`/api/services/${service}/invitations`)
    .set('Authorization', `Bearer ${ownerAccessToken}`)
    .send(email ? { email } : {});
}
