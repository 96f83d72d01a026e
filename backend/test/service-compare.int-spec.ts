import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { ServiceListing } from '../src/services/service-listing.schema';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import {
  addReview,
  addService,
  inviteCustomer,
  newReviewsSettled,
  rejectReview,
} from './support/catalog-helpers';
import { storeCallsOf } from './support/list-queries';
import { useTestApp } from './support/test-app';

/** What a comparison shows of a service, as its own page answers it. */
const COMPARED = [
  '_id',
  'title',
  'image',
  'category_id',
  'rating',
  'score',
  'replies',
  'verified',
] as const;

type Figures = Record<(typeof COMPARED)[number], unknown>;

function comparedOf(page: Record<string, unknown>): Figures {
  return Object.fromEntries(COMPARED.map((field) => [field, page[field]])) as Figures;
}

describe('comparing services (GET /api/services/compare)', () => {
  const testApp = useTestApp();
  let admin: RegisteredUser;
  let owner: RegisteredUser;
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let fast: string;
  let slow: string;
  let unrated: string;
  let aliceReview: string;
  let invitedReview: string;

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const compare = (ids: string) => testApp.http().get(`/api/services/compare?ids=${ids}`);
  const pageOf = async (id: string) =>
    comparedOf((await testApp.http().get(`/api/services/${id}`).expect(200)).body);
  const compared = async (...ids: string[]): Promise<Figures[]> =>
    (await compare(ids.join(',')).expect(200)).body.services;

  /** Writes a review of `service` as `reviewer` through an invitation of its owner. */
  async function invitedReviewOf(service: string, reviewer: RegisteredUser): Promise<string> {
    const invitation = await inviteCustomer(testApp, owner.accessToken, service).expect(201);
    const written = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(reviewer))
      .send({
        title: 'Invited',
        details: 'Came on time, well packed.',
        serviceID: 4821,
        rating: 5,
        criteria: { speed: 4, value: 5 },
        service,
        invitation: invitation.body.token,
      })
      .expect(201);
    await newReviewsSettled(testApp);
    return written.body.insertedId;
  }

  beforeAll(async () => {
    admin = await registerAdmin(testApp);
    owner = await registerUser(testApp);
    alice = await registerUser(testApp);
    bob = await registerUser(testApp);
    fast = await addService(testApp, owner.accessToken);
    slow = await addService(testApp, owner.accessToken);
    unrated = await addService(testApp, owner.accessToken);
    aliceReview = await addReview(testApp, alice.accessToken, fast, {
      rating: 3,
      criteria: { speed: 2, tracking: 4 },
    });
    invitedReview = await invitedReviewOf(fast, bob);
    await addReview(testApp, alice.accessToken, slow, { rating: 2 });
  });

  it('shows each service as its own page does, in the order asked for', async () => {
    const services = await compared(slow, fast, unrated);
    expect(services).toEqual([await pageOf(slow), await pageOf(fast), await pageOf(unrated)]);
    const [, both, none] = services;
    expect(both.rating).toMatchObject({
      average: 4,
      count: 2,
      distribution: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 1 },
      criteria: { speed: { average: 3, count: 2 }, tracking: { average: 4, count: 1 } },
    });
    expect(both.verified).toEqual({ verified: 1, share: 0.5 });
    expect(both.replies).toEqual({ replied: 0, share: 0 });
    expect(none.rating).toMatchObject({ count: 0, average: 0 });
    expect(none.score).toMatchObject({ value: null });
    expect(none.verified).toEqual({ verified: 0, share: 0 });
  });

  it('keeps the reply and verified counters exact through replies, edits, moderation and deletes', async () => {
    const figuresOf = async () => (await compared(fast, slow))[0];

    await testApp
      .http()
      .post(`/api/reviews/${aliceReview}/reply`)
      .set('Authorization', as(owner))
      .send({ text: 'Thank you, we are faster now.' })
      .expect(201);
    expect(await figuresOf()).toMatchObject({
      replies: { replied: 1, share: 0.5 },
      verified: { verified: 1, share: 0.5 },
    });

    // An edit of the verified review keeps it verified, and moves its stars.
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${invitedReview}`)
      .set('Authorization', as(bob))
      .send({ rating: 4 })
      .expect(200);
    expect(await figuresOf()).toMatchObject({
      rating: { count: 2, distribution: { '4': 1, '5': 0 } },
      verified: { verified: 1, share: 0.5 },
    });

    // Taken down: it counts nowhere; the replied one is now all there is.
    await rejectReview(testApp, admin.accessToken, invitedReview, 'Off topic.');
    expect(await figuresOf()).toMatchObject({
      rating: { count: 1 },
      replies: { replied: 1, share: 1 },
      verified: { verified: 0, share: 0 },
    });

    await testApp
      .http()
      .delete(`/api/reviews/${aliceReview}`)
      .set('Authorization', as(alice))
      .expect(200);
    const emptied = await figuresOf();
    expect(emptied).toMatchObject({
      rating: { count: 0 },
      replies: { replied: 0, share: 0 },
      verified: { verified: 0, share: 0 },
    });
    expect(emptied).toEqual(await pageOf(fast));

    const recount = await testApp
      .http()
      .post(`/api/admin/services/${fast}/recount`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(recount.body).toMatchObject({ differences: [], outcome: 'exact' });
  });

  it('has the recount mend a verified counter that drifted', async () => {
    const service = await addService(testApp, owner.accessToken);
    await invitedReviewOf(service, alice);
    await testApp.app
      .get<Model<ServiceListing>>(getModelToken(ServiceListing.name))
      .updateOne(
        { _id: service },
        { $set: { verifiedCount: 7 }, $inc: { rev: 1 } },
        { strict: false },
      )
      .exec();
    await testApp.app.get(ReadCache).invalidate(`service:${service}`);
    expect((await compared(service, slow))[0].verified).toEqual({ verified: 7, share: 1 });

    const recount = await testApp
      .http()
      .post(`/api/admin/services/${service}/recount`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(recount.body).toMatchObject({
      outcome: 'mended',
      differences: [{ field: 'verifiedCount', stored: 7, counted: 1 }],
    });
    expect((await compared(service, slow))[0].verified).toEqual({ verified: 1, share: 1 });
  });

  it('answers a second comparison from the read cache, without a store command', async () => {
    await compared(fast, slow, unrated);
    const connection = testApp.app.get<Connection>(getConnectionToken());
    const calls = await storeCallsOf(connection, async () => {
      const again = await compare([fast, slow, unrated].join(',')).expect(200);
      expect(again.body.services).toHaveLength(3);
      // Another order of the same services: each is its own cache entry, read by its id.
      await compare([unrated, fast].join(',')).expect(200);
    });
    // The site-wide totals are written once a second by their own timer (SiteRatingTotals),
    // after the rating changes of the tests before: not this request's work.
    expect(calls.filter((call) => call.collection !== 'site_ratings')).toEqual([]);
  });

  it('reads each service by its id, never by a list of ids', async () => {
    await testApp.app.get(ReadCache).invalidate(`service:${fast}`, `service:${slow}`);
    const connection = testApp.app.get<Connection>(getConnectionToken());
    const calls = await storeCallsOf(connection, () => compare(`${fast},${slow}`).expect(200));
    const serviceReads = calls.filter((call) => call.collection === 'services');
    const readIds = serviceReads.map((call) => String((call.args[0] as { _id?: unknown })._id));
    expect(readIds).toEqual(expect.arrayContaining([fast, slow]));
    expect(JSON.stringify(serviceReads)).not.toContain('$in');
  });

  it('refuses anything but 2 to 4 distinct ids with a sentence', async () => {
    const how = 'ids must name 2 to 4 services, their ids separated by commas';
    const refusals: [string, string][] = [
      ['', how],
      [fast, how],
      [[fast, slow, unrated, fast.replace(/.$/, '0'), slow.replace(/.$/, '0')].join(','), how],
      [`${fast},${fast}`, 'ids must name each service once'],
      [`${fast},${fast.toUpperCase()}`, 'ids must name each service once'],
      [`${fast},not-an-id`, "ids must be services' ids of 24 hex digits"],
    ];
    for (const [ids, problem] of refusals) {
      const refused = await compare(ids).expect(400);
      expect(refused.body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: `Invalid request: ${problem}.`,
      });
    }
    const missing = await testApp.http().get('/api/services/compare').expect(400);
    expect(missing.body.error).toBe(`Invalid request: ${how}.`);
  });

  it('answers 404 naming the services that are unknown or not listed', async () => {
    const unknown = '665f1c2b9d3e4a0012345678';
    // A junk title (one letter) holds it; the digits keep it apart from other files' services.
    const held = await addService(testApp, owner.accessToken, { title: `X ${Date.now()}` });
    const one = await compare(`${fast},${unknown}`).expect(404);
    expect(one.body).toMatchObject({
      statusCode: 404,
      code: 'SERVICE_NOT_FOUND',
      error: `No listed service has the id ${unknown}.`,
    });
    const two = await compare(`${held},${fast},${unknown}`).expect(404);
    expect(two.body.error).toBe(`No listed services have the ids ${held}, ${unknown}.`);
  });
});
