import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { addReview, addService, newReviewsSettled } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { ReviewTimelines } from '../src/reviews/store/review-timelines';

describe('reviews', () => {
  const testApp = useTestApp();
  let alice: RegisteredUser;
  let bob: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    alice = await registerUser(testApp, { name: 'Alice Sender' });
    bob = await registerUser(testApp, { name: 'Bob Receiver' });
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const getReview = async (id: string, user = alice) =>
    (await testApp.http().get(`/api/myeditedreviews/${id}`).set('Authorization', as(user))).body;
  const ratingOf = async (service: string) =>
    (await testApp.http().get(`/api/services/${service}`).expect(200)).body.rating;

  it('adding a review answers {acknowledged, insertedId}; author fields come from the login', async () => {
    const service = await addService(testApp, admin.accessToken);
    const response = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(alice))
      .send({
        title: 'Night Owl Couriers',
        details: 'Quick and careful.',
        serviceID: '1234',
        reviewUser: 'Someone Else',
        reviewerImage: 'https://evil.example/x.png',
        email: 'someone@else.example',
        service,
        rating: 5,
        criteria: { speed: 5, condition: 4 },
      })
      .expect(201);
    expect(response.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const stored = await getReview(response.body.insertedId);
    expect(stored).toMatchObject({
      title: 'Night Owl Couriers',
      details: 'Quick and careful.',
      serviceID: 1234,
      service,
      rating: 5,
      criteria: { speed: 5, condition: 4 },
      reviewUser: 'Alice Sender',
      email: alice.email,
      status: 'published',
    });
    expect(stored.reviewerImage).not.toContain('evil');
  });

  it('a new review is stored whole: every field its schema gives by default, none written as null', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, bob.accessToken, service);
    const connection = testApp.app.get<Connection>(getConnectionToken());
    const stored = await connection.collection('reviews').findOne({ _id: new Types.ObjectId(id) });
    expect(stored).toMatchObject({
      reviewerImage: '',
      authorVerified: false,
      status: 'published',
      moderationReasons: [],
      resubmitted: false,
      appealOpen: false,
      openReports: [],
      reportCount: 0,
      reportWeight: 0,
      reportReasons: [],
      reportsReceived: 0,
      reportsUpheld: 0,
      reported: false,
      versions: [],
      versionCount: 0,
      replyVersions: [],
      helpfulCount: 0,
      pendingEvents: [],
      pending: false,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(Object.entries(stored!).filter(([, value]) => value === null)).toEqual([]);
  });

  it('one review per user per service: the second is a 409', async () => {
    const service = await addService(testApp, admin.accessToken);
    await addReview(testApp, alice.accessToken, service);
    const response = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(alice))
      .send({ title: 't', details: 'd', serviceID: 1000, rating: 3, service })
      .expect(409);
    expect(response.body).toMatchObject({ statusCode: 409, code: 'DUPLICATE_REVIEW' });
  });

  it("a service's owner cannot review it: 403 with a sentence, nothing stored or counted", async () => {
    const service = await addService(testApp, bob.accessToken);
    const refused = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(bob))
      .send({ title: 'Mine', details: 'The best courier.', serviceID: 4821, rating: 5, service })
      .expect(403);
    expect(refused.body).toMatchObject({
      statusCode: 403,
      code: 'OWN_SERVICE',
      error: 'You cannot review a service you added: its reviews come from its customers.',
    });
    await addReview(testApp, alice.accessToken, service, { rating: 2 });
    await newReviewsSettled(testApp);
    const { body: listed } = await testApp
      .http()
      .get(`/api/reviews?service=${service}`)
      .expect(200);
    expect(listed.map((review: { reviewUser: string }) => review.reviewUser)).toEqual([
      'Alice Sender',
    ]);
    expect(await ratingOf(service)).toMatchObject({ average: 2, count: 1 });
  });

  it('creates sent at once are inserted together: each is stored and counted, a repeat among them is a 409', async () => {
    const service = await addService(testApp, admin.accessToken);
    const writers = await Promise.all(Array.from({ length: 6 }, () => registerUser(testApp)));
    const post = (writer: RegisteredUser, rating: number) =>
      testApp
        .http()
        .post('/api/addreviews')
        .set('Authorization', as(writer))
        .send({
          title: 'Same moment',
          details: `Sent with the others, ${rating} stars.`,
          serviceID: 1000,
          rating,
          service,
        });
    const answers = await Promise.all([
      ...writers.map((writer, index) => post(writer, 1 + (index % 5))),
      post(writers[0], 5),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'DUPLICATE_REVIEW', error: expect.any(String) });
    const authors = [...writers, writers[0]];
    for (const [index, answer] of answers.entries()) {
      if (answer.status !== 201) continue;
      expect(await getReview(answer.body.insertedId, authors[index])).toMatchObject({ service });
    }
    await newReviewsSettled(testApp);
    const rating = await ratingOf(service);
    expect(rating.count).toBe(6);
  });

  it('reviewing needs a login, an existing service and valid fields', async () => {
    const service = await addService(testApp, admin.accessToken);
    const body = { title: 't', details: 'd', serviceID: 1000, rating: 3, service };
    await testApp.http().post('/api/addreviews').send(body).expect(401);
    const missing = await testApp
      .http()
      .post('/api/addreviews')
      .set('Authorization', as(alice))
      .send({ ...body, service: '0123456789abcdef01234567' })
      .expect(404);
    expect(missing.body.code).toBe('SERVICE_NOT_FOUND');

    const bad: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ details: '' }, 'details'],
      [{ details: 'x'.repeat(5001) }, 'details'],
      [{ serviceID: 0 }, 'serviceID'],
      [{ serviceID: 10000 }, 'serviceID'],
      [{ rating: 6 }, 'rating'],
      [{ rating: undefined }, 'rating'],
      [{ criteria: { speed: 9 } }, 'criteria.speed'],
      [{ criteria: { smell: 3 } }, 'criteria.smell'],
      [{ service: 'nope' }, 'service'],
      [{ details: { $gt: '' } }, 'details'],
      [{ status: 'published' }, 'status'],
    ];
    for (const [change, field] of bad) {
      const response = await testApp
        .http()
        .post('/api/addreviews')
        .set('Authorization', as(alice))
        .send({ ...body, ...change })
        .expect(400);
      expect(response.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('the rating summary matches the reviews after create, edit and delete', async () => {
    const service = await addService(testApp, admin.accessToken);
    const first = await addReview(testApp, alice.accessToken, service, {
      rating: 5,
      criteria: { speed: 4, tracking: 2 },
    });
    await addReview(testApp, bob.accessToken, service, { rating: 2, criteria: { speed: 2 } });
    expect(await ratingOf(service)).toMatchObject({
      average: 3.5,
      count: 2,
      distribution: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 },
      criteria: { speed: { average: 3, count: 2 }, tracking: { average: 2, count: 1 } },
    });

    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${first}`)
      .set('Authorization', as(alice))
      .send({ rating: 3, criteria: { speed: 5 } })
      .expect(200);
    expect(await ratingOf(service)).toMatchObject({
      average: 2.5,
      count: 2,
      distribution: { 2: 1, 3: 1, 5: 0 },
      criteria: { speed: { average: 3.5, count: 2 }, tracking: { average: null, count: 0 } },
    });

    await testApp
      .http()
      .delete(`/api/reviews/${first}`)
      .set('Authorization', as(alice))
      .expect(200);
    expect(await ratingOf(service)).toMatchObject({
      average: 2,
      count: 1,
      distribution: { 2: 1, 3: 0 },
      criteria: { speed: { average: 2, count: 1 } },
    });
  });

  it('the author updates with {success, message}; others get 403 with success: false', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, alice.accessToken, service, { details: 'Original.' });

    const denied = await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(bob))
      .send({ title: 'Hacked', serviceID: 1111, details: 'Hacked.' })
      .expect(403);
    expect(denied.body).toMatchObject({ success: false, statusCode: 403, code: 'FORBIDDEN' });
    expect(typeof denied.body.error).toBe('string');
    await testApp.http().delete(`/api/reviews/${id}`).set('Authorization', as(bob)).expect(403);
    await testApp
      .http()
      .get(`/api/myeditedreviews/${id}`)
      .set('Authorization', as(bob))
      .expect(403);
    expect(await getReview(id)).toMatchObject({ details: 'Original.', title: 'Test Courier' });

    const anonymous = await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .send({ details: 'x' })
      .expect(401);
    expect(anonymous.body.success).toBe(false);
    const invalid = await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(alice))
      .send({ details: '' })
      .expect(400);
    expect(invalid.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(alice))
      .send({})
      .expect(400);

    const updated = await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(alice))
      .send({ title: 'Renamed', serviceID: '2222', details: 'Edited.' })
      .expect(200);
    expect(updated.body).toEqual({ success: true, message: 'Your review was updated.' });
    expect(await getReview(id)).toMatchObject({
      title: 'Renamed',
      serviceID: 2222,
      details: 'Edited.',
    });
  });

  it('an admin may read, update and delete any review; delete answers deletedCount', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, alice.accessToken, service);
    expect(await getReview(id, admin)).toMatchObject({ email: alice.email });
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(admin))
      .send({ details: 'Tidied by a moderator.' })
      .expect(200);
    const deleted = await testApp
      .http()
      .delete(`/api/reviews/${id}`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });
    await testApp.http().delete(`/api/reviews/${id}`).set('Authorization', as(admin)).expect(404);
    await testApp.http().delete('/api/reviews/xyz').set('Authorization', as(admin)).expect(400);
  });

  it('/myreviews answers the caller’s own reviews; other e-mails are for admins', async () => {
    const carol = await registerUser(testApp);
    const service = await addService(testApp, admin.accessToken);
    await addReview(testApp, carol.accessToken, service, { details: 'Carol says hi.' });

    const own = await testApp
      .http()
      .get(`/api/myreviews?email=${encodeURIComponent(carol.email)}`)
      .set('Authorization', as(carol))
      .expect(200);
    expect(own.body).toHaveLength(1);
    expect(own.body[0]).toMatchObject({ details: 'Carol says hi.', email: carol.email });
    expect(own.headers['x-total-count']).toBe('1');

    await testApp
      .http()
      .get(`/api/myreviews?email=${encodeURIComponent(carol.email)}`)
      .set('Authorization', as(bob))
      .expect(403);
    await testApp.http().get(`/api/myreviews?email=${carol.email}`).expect(401);
    const byAdmin = await testApp
      .http()
      .get(`/api/myreviews?email=${encodeURIComponent(carol.email.toUpperCase())}`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(byAdmin.body).toHaveLength(1);
  });

  it('public lists filter by service and rating, sort, page, and hide e-mails', async () => {
    // Added by someone else: an owner reviews none of their own services.
    const service = await addService(testApp, (await registerUser(testApp)).accessToken);
    const reviewers = [alice, bob, admin];
    for (const [index, user] of reviewers.entries()) {
      await addReview(testApp, user.accessToken, service, {
        rating: index + 2,
        details: `Review number ${index} (fast).`,
      });
    }
    const page = await testApp
      .http()
      .get(`/api/reviews?service=${service}&sort=rating_desc&limit=2`)
      .expect(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');
    expect(page.body.map((r: { rating: number }) => r.rating)).toEqual([4, 3]);
    expect(page.body[0].email).toBeUndefined();

    const fours = await testApp.http().get(`/api/reviews?service=${service}&rating=4`).expect(200);
    expect(fours.body).toHaveLength(1);
    const searched = await testApp
      .http()
      .get(`/api/reviews?service=${service}&q=${encodeURIComponent('NUMBER 1 (FAST)')}`)
      .expect(200);
    expect(searched.body).toHaveLength(1);
    const oldest = await testApp.http().get(`/api/reviews?service=${service}&sort=oldest`);
    expect(oldest.body[0].details).toBe('Review number 0 (fast).');

    await testApp.http().get('/api/reviews?service=nope').expect(400);
    await testApp.http().get('/api/reviews?rating=0').expect(400);
    await testApp.http().get('/api/reviews?sort=random').expect(400);
  });

  it('lists across every service follow each review through its changes, newest first', async () => {
    const service = await addService(testApp, admin.accessToken);
    const first = await addReview(testApp, alice.accessToken, service);
    const second = await addReview(testApp, bob.accessToken, service);
    const ids = async (path: string) =>
      (await testApp.http().get(path).set('Authorization', as(admin)).expect(200)).body.map(
        (review: { _id: string }) => review._id,
      );

    expect((await ids('/api/reviews?status=any&limit=2')).slice(0, 2)).toEqual([second, first]);
    await testApp
      .http()
      .post(`/api/admin/reviews/${first}/reject`)
      .set('Authorization', as(admin))
      .send({ reason: 'Not about a delivery.' })
      .expect(200);
    expect(await ids('/api/reviews?status=rejected&limit=100')).toContain(first);
    expect(await ids('/api/reviews?status=published&limit=100')).not.toContain(first);

    await testApp.http().delete(`/api/reviews/${second}`).set('Authorization', as(bob)).expect(200);
    expect(await ids('/api/reviews?status=any&limit=100')).not.toContain(second);
  });

  it('a list across every service cannot be searched or sorted by stars: a 400 says why', async () => {
    for (const query of ['q=parcel', 'rating=5', 'sort=rating_desc']) {
      const response = await testApp.http().get(`/api/reviews?${query}`).expect(400);
      expect(response.body).toMatchObject({ code: 'SERVICE_NEEDED', error: expect.any(String) });
    }
  });

  it("a service's list read while a new review is settled shows the review afterwards", async () => {
    const service = await addService(testApp, admin.accessToken);
    const listOfService = async () =>
      (await testApp.http().get(`/api/reviews?service=${service}`).expect(200)).body.map(
        (item: { _id: string }) => item._id,
      );
    // Another visitor reads the list just before the new review takes its place in it.
    const timelines = testApp.app.get(ReviewTimelines);
    const place = timelines.place.bind(timelines);
    const placing = jest.spyOn(timelines, 'place').mockImplementation(async (...args) => {
      await listOfService();
      return place(...args);
    });
    let id: string;
    try {
      id = await addReview(testApp, bob.accessToken, service);
    } finally {
      placing.mockRestore();
    }
    expect(await listOfService()).toEqual([id]);
  });
});
