import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { ServiceListing } from '../src/services/service-listing.schema';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';

describe('the recount of a service’s counters (POST /api/admin/services/:id/recount)', () => {
  const testApp = useTestApp();
  let admin: RegisteredUser;
  let author: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    admin = await registerAdmin(testApp);
    author = await registerUser(testApp);
    service = await addService(testApp, admin.accessToken);
    await addReview(testApp, author.accessToken, service, {
      rating: 4,
      criteria: { speed: 5, value: 3 },
    });
    const other = await registerUser(testApp);
    await addReview(testApp, other.accessToken, service, { rating: 2 });
  });

  const recount = (id: string, user: RegisteredUser = admin) =>
    testApp
      .http()
      .post(`/api/admin/services/${id}/recount`)
      .set('Authorization', `Bearer ${user.accessToken}`);

  const rating = async () =>
    (await testApp.http().get(`/api/services/${service}`).expect(200)).body.rating;

  it('finds counters that agree with the reviews exact', async () => {
    const answer = await recount(service).expect(200);
    expect(answer.body).toEqual({
      serviceId: service,
      reviews: 2,
      differences: [],
      outcome: 'exact',
    });
  });

  it('reports corrupted counters and mends them from the reviews', async () => {
    // As the lost edits of issue 40 left a service: stars below zero, an average of 9.
    await testApp.app
      .get<Model<ServiceListing>>(getModelToken(ServiceListing.name))
      .updateOne(
        { _id: service },
        {
          $set: { 'ratingStars.s1': -4, 'ratingStars.s5': 5, ratingSum: 27, ratingAverage: 9 },
          $inc: { 'criteriaCounts.speed': 2, rev: 1 },
        },
        { strict: false },
      )
      .exec();
    await testApp.app.get(ReadCache).invalidate(`service:${service}`);
    expect((await rating()).average).toBe(13.5);

    const answer = await recount(service).expect(200);
    expect(answer.body.outcome).toBe('mended');
    expect(answer.body.reviews).toBe(2);
    expect(answer.body.differences).toEqual(
      expect.arrayContaining([
        { field: 'ratingSum', stored: 27, counted: 6 },
        { field: 'ratingStars.s1', stored: -4, counted: 0 },
        { field: 'ratingStars.s5', stored: 5, counted: 0 },
        { field: 'criteriaCounts.speed', stored: 3, counted: 1 },
        { field: 'ratingAverage', stored: 9, counted: 3 },
      ]),
    );
    expect(answer.body.differences).toHaveLength(5);

    expect(await rating()).toMatchObject({
      average: 3,
      count: 2,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 0 },
      criteria: { speed: { average: 5, count: 1 } },
    });
    expect((await recount(service).expect(200)).body.outcome).toBe('exact');
  });

  it('answers a clear error for a bad id, an unknown service and a caller who is no admin', async () => {
    const bad = await recount('not-an-id').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400 });
    const unknown = await recount('665f1c2b9d3e4a0012345678').expect(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'No service has this id.' });
    await recount(service, author).expect(403);
    await testApp.http().post(`/api/admin/services/${service}/recount`).expect(401);
  });
});
