import { AuthService } from '../src/auth/auth.service';
import {
  registerAdmin,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

interface AuditEntry {
  type: string;
  reviewId?: string;
  before: Record<string, unknown> | null;
}

describe('the account page: my data, and deleting the account', () => {
  const testApp = useTestApp({ worker: true });
  let admin: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp);
  });

  const bearer = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.accessToken}` });

  const reviewsOf = async (service: string) =>
    (await testApp.http().get('/api/reviews').query({ service }).expect(200)).body as Record<
      string,
      unknown
    >[];

  const audit = async (query: Record<string, string>): Promise<AuditEntry[]> =>
    (await testApp.http().get('/api/admin/audit').query(query).set(bearer(admin)).expect(200)).body;

  const deletionEntry = (user: RegisteredUser) =>
    eventually('the deletion audit entry', async () =>
      (await audit({ action: 'user.deleted' })).find((entry) => entry.before?.userId === user.uid),
    );

  const deleteAccount = (user: RegisteredUser, password: string, reviews: string) =>
    testApp.http().post('/api/account/delete').set(bearer(user)).send({ password, reviews });

  it("exports the user's profile, reviews, notifications and sessions, and nobody else's", async () => {
    const alice = await registerUser(testApp, { name: 'Alice Export' });
    const bob = await registerUser(testApp, { name: 'Bob Other' });
    const alicesService = await addService(testApp, alice.accessToken);
    const bobsService = await addService(testApp, bob.accessToken);
    await addReview(testApp, bob.accessToken, alicesService, { details: 'Bob wrote this one.' });
    const alicesReview = await addReview(testApp, alice.accessToken, bobsService, {
      details: 'Alice wrote this one.',
    });
    // The worker tells Alice of Bob's review of her service.
    await eventually('a notification for Alice', async () => {
      const listed = await testApp.http().get('/api/notifications').set(bearer(alice)).expect(200);
      return listed.body.length > 0 ? true : undefined;
    });

    const exported = await testApp.http().get('/api/account/export').set(bearer(alice)).expect(200);
    expect(exported.headers['content-disposition']).toBe(
      'attachment; filename="service-critic-my-data.json"',
    );
    expect(exported.body.profile).toMatchObject({
      uid: alice.uid,
      email: alice.email,
      displayName: 'Alice Export',
      hasPassword: true,
    });
    expect(exported.body.reviews).toHaveLength(1);
    expect(exported.body.reviews[0]).toMatchObject({
      _id: alicesReview,
      details: 'Alice wrote this one.',
      email: alice.email,
      authorId: alice.uid,
    });
    expect(exported.body.notifications.length).toBeGreaterThan(0);
    expect(exported.body.notifications[0].text).toMatch(/^New review of /);
    expect(exported.body.sessions).toHaveLength(1);

    const text = JSON.stringify(exported.body);
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bob.uid);
    expect(text).not.toContain('Bob wrote this one.');
  });

  it('deletes the account and its reviews after the password, and audits it', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const carol = await registerUser(testApp, { name: 'Carol Leaving' });
    const review = await addReview(testApp, carol.accessToken, service, { details: 'Gone soon.' });

    const wrong = await deleteAccount(carol, 'not my password', 'delete').expect(400);
    expect(wrong.body.error).toBe('Your current password is not correct.');
    const badMode = await deleteAccount(carol, carol.password, 'maybe').expect(400);
    expect(badMode.body.error).toBe('Invalid request: reviews must be "delete" or "keep".');

    const deleted = await deleteAccount(carol, carol.password, 'delete').expect(200);
    expect(deleted.body.message).toBe(
      'Your account was deleted. Your reviews were deleted with it.',
    );
    expect(await reviewsOf(service)).toEqual([]);
    await testApp.http().get('/api/auth/me').set(bearer(carol)).expect(401);
    await testApp
      .http()
      .post('/api/auth/login')
      .send({ email: carol.email, password: carol.password })
      .expect(401);
    await testApp.http().get(`/api/profiles/${carol.uid}`).expect(404);

    const entry = await deletionEntry(carol);
    expect(entry.before).toMatchObject({
      email: carol.email,
      displayName: 'Carol Leaving',
      reviews: 'deleted',
      reviewCount: 1,
    });
    await eventually('the review deletion audit entry', async () =>
      (await audit({ review })).find((e) => e.type === 'review.deleted'),
    );
    // The address is free again.
    await registerUser(testApp, { email: carol.email });
  });

  it('deletes the account but keeps its reviews under "Deleted user", and audits it', async () => {
    const owner = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const dave = await registerUser(testApp, { name: 'Dave Leaving' });
    const review = await addReview(testApp, dave.accessToken, service, {
      details: 'Still useful.',
    });

    const deleted = await deleteAccount(dave, dave.password, 'keep').expect(200);
    expect(deleted.body.message).toBe(
      'Your account was deleted. Your reviews stay under "Deleted user".',
    );
    const [kept] = await reviewsOf(service);
    expect(kept).toMatchObject({
      _id: review,
      details: 'Still useful.',
      reviewUser: 'Deleted user',
      reviewerImage: '',
      authorVerified: false,
    });
    expect(JSON.stringify(kept)).not.toContain('Dave Leaving');
    // A fresh author id: the old one named Dave at /api/profiles/:id, and the new one names nobody.
    expect(kept.authorId).not.toBe(dave.uid);
    expect(JSON.stringify(kept)).not.toContain(dave.uid);
    await testApp
      .http()
      .get(`/api/profiles/${String(kept.authorId)}`)
      .expect(404);
    const serviceNow = await testApp.http().get(`/api/services/${service}`).expect(200);
    expect(serviceNow.body.rating.count).toBe(1);

    const entry = await deletionEntry(dave);
    expect(entry.before).toMatchObject({
      email: dave.email,
      reviews: 'kept as "Deleted user"',
      reviewCount: 1,
    });
    await testApp.http().get('/api/auth/me').set(bearer(dave)).expect(401);
  });

  it("a deleted account's reports stay in the admin's queue without its address or name", async () => {
    const owner = await registerUser(testApp);
    const author = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    const review = await addReview(testApp, author.accessToken, service);
    const erin = await registerUser(testApp, { name: 'Erin Reporter' });
    await testApp
      .http()
      .post(`/api/reviews/${review}/reports`)
      .set(bearer(erin))
      .send({ reason: 'spam' })
      .expect(201);

    await deleteAccount(erin, erin.password, 'delete').expect(200);
    const queue = await testApp
      .http()
      .get('/api/admin/reports')
      .query({ limit: 100 })
      .set(bearer(admin))
      .expect(200);
    const queued = (queue.body as { review: { _id: string }; reports: object[] }[]).find(
      (entry) => entry.review._id === review,
    );
    expect(queued?.reports).toEqual([
      expect.objectContaining({
        reporterId: erin.uid,
        reporterEmail: '',
        reporterName: 'Deleted user',
      }),
    ]);
    expect(JSON.stringify(queued)).not.toContain(erin.email);
    expect(JSON.stringify(queued)).not.toContain('Erin Reporter');
  });

  it('needs a login; a Google-only account is told to set a password first', async () => {
    await testApp
      .http()
      .post('/api/account/delete')
      .send({ password: 'x', reviews: 'keep' })
      .expect(401);
    const google = await testApp.app.get(AuthService).signInWithProfile({
      provider: 'google',
      subject: `google-${uniqueEmail()}`,
      email: uniqueEmail('google'),
      emailVerified: true,
      displayName: 'Gail Google',
      photoURL: '',
    });
    const refused = await testApp
      .http()
      .post('/api/account/delete')
      .set('Authorization', `Bearer ${google.accessToken}`)
      .send({ password: 'anything', reviews: 'keep' })
      .expect(400);
    expect(refused.body.code).toBe('NO_PASSWORD');
  });
});
