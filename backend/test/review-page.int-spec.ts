import { addReview, addService, rejectReview } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

/** GET /api/reviews/:id: one review for its own page, as the public lists show it. */
describe("a review's own page (its API read)", () => {
  const testApp = useTestApp();
  let author: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    author = await registerUser(testApp, { name: 'Paula Parcel' });
    admin = await registerAdmin(testApp);
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const getReview = (id: string) => testApp.http().get(`/api/reviews/${id}`);

  it("answers a published review to anyone, with its service's title, cacheable, without the e-mail", async () => {
    const service = await addService(testApp, admin.accessToken);
    const { title } = (await testApp.http().get(`/api/services/${service}`).expect(200)).body;
    const id = await addReview(testApp, author.accessToken, service, {
      details: 'Came the next morning.',
      experiencedAt: new Date().toISOString().slice(0, 10),
    });
    const response = await getReview(id).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=10');
    expect(response.body).toMatchObject({
      _id: id,
      service,
      serviceTitle: title,
      reviewUser: 'Paula Parcel',
      details: 'Came the next morning.',
      status: 'published',
      experiencedAt: expect.any(String),
    });
    expect(response.body.email).toBeUndefined();

    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(author))
      .send({ details: 'Came the next morning, intact.' })
      .expect(200);
    expect((await getReview(id).expect(200)).body.details).toBe('Came the next morning, intact.');
  });

  it('answers a take-down as the lists do: the notice, not the text; held and deleted ones are 404', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, author.accessToken, service);
    await rejectReview(testApp, admin.accessToken, id, 'Advertising is not allowed');
    const removed = await getReview(id).expect(200);
    expect(removed.body).toMatchObject({
      status: 'rejected',
      title: '',
      details: '',
      removal: { reason: 'Advertising is not allowed' },
    });

    // The author's edit sends it back to the queue: held, so no longer public.
    await testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(author))
      .send({ details: 'The parcel came on time.' })
      .expect(200);
    const held = await getReview(id).expect(404);
    expect(held.body.error).toBe('No published review has this id.');

    const other = await addReview(
      testApp,
      author.accessToken,
      await addService(testApp, admin.accessToken),
    );
    await testApp
      .http()
      .delete(`/api/reviews/${other}`)
      .set('Authorization', as(author))
      .expect(200);
    await getReview(other).expect(404);
  });

  it('refuses an id that is not one with 400, and an unknown one with 404', async () => {
    await getReview('not-an-id').expect(400);
    await getReview('0123456789abcdef01234567').expect(404);
  });
});
