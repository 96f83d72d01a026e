import { addReview, addService, rejectReview } from './support/catalog-helpers';
import {
  registerAdmin,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { useTestApp } from './support/test-app';

describe('an author edits a held or rejected review', () => {
  const adminEmail = uniqueEmail('admin');
  const testApp = useTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  let author: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    author = await registerUser(testApp, { name: 'Rita Resubmit' });
    admin = await registerAdmin(testApp, { name: 'Ada Admin', email: adminEmail });
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;
  const edit = (id: string, user: RegisteredUser, body: object) =>
    testApp
      .http()
      .patch(`/api/updatereviews/edit/${id}`)
      .set('Authorization', as(user))
      .send(body)
      .expect(200);
  const read = async (id: string) =>
    (await testApp.http().get(`/api/myeditedreviews/${id}`).set('Authorization', as(author))).body;
  const queueIds = async () =>
    (
      await testApp
        .http()
        .get('/api/admin/moderation?limit=100')
        .set('Authorization', as(admin))
        .expect(200)
    ).body.map((review: { _id: string }) => review._id);

  async function rejectedReview(): Promise<string> {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, author.accessToken, service);
    await rejectReview(testApp, admin.accessToken, id, 'Say what happened to the parcel.');
    return id;
  }

  it('goes back to the queue as resubmitted, without the old note; approving publishes it', async () => {
    const id = await rejectedReview();
    await edit(id, author, { details: 'The parcel came two days late.', rating: 2 });

    expect(await read(id)).toMatchObject({
      status: 'flagged',
      resubmitted: true,
      moderationReasons: [],
      rating: 2,
    });
    expect((await read(id)).moderationNote).toBeUndefined();
    // Given no criteria, the review still answers an (empty) criteria object, as documented.
    expect((await read(id)).criteria).toEqual({});
    expect(await queueIds()).toContain(id);

    await testApp
      .http()
      .post(`/api/admin/reviews/${id}/approve`)
      .set('Authorization', as(admin))
      .expect(200);
    expect(await read(id)).toMatchObject({ status: 'published', resubmitted: false });
    expect(await queueIds()).not.toContain(id);
  });

  it('an admin’s edit of a rejected review leaves its status as it is', async () => {
    const id = await rejectedReview();
    await edit(id, admin, { details: 'Edited by the admin.' });
    expect(await read(id)).toMatchObject({ status: 'rejected', resubmitted: false });
  });

  it('an edit of a published review keeps it published', async () => {
    const service = await addService(testApp, admin.accessToken);
    const id = await addReview(testApp, author.accessToken, service);
    await edit(id, author, { rating: 5, criteria: { speed: 4 } });
    expect(await read(id)).toMatchObject({
      status: 'published',
      resubmitted: false,
      rating: 5,
      criteria: { speed: 4 },
    });
  });
});

describe('/myreviews?service=', () => {
  const testApp = useTestApp();

  it('answers only the caller’s review of that service: how its page finds "your review"', async () => {
    const user = await registerUser(testApp);
    const owner = await registerUser(testApp);
    const [first, second] = [
      await addService(testApp, owner.accessToken),
      await addService(testApp, owner.accessToken),
    ];
    const firstReview = await addReview(testApp, user.accessToken, first);
    await addReview(testApp, user.accessToken, second);

    const response = await testApp
      .http()
      .get(`/api/myreviews?service=${first}`)
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    expect(response.body.map((review: { _id: string }) => review._id)).toEqual([firstReview]);
    expect(response.headers['x-total-count']).toBe('1');

    const bad = await testApp
      .http()
      .get('/api/myreviews?service=nope')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(400);
    expect(bad.body.error).toEqual(expect.any(String));
  });
});
