import { registerUser } from './support/auth-helpers';
import { addReview, addService } from './support/catalog-helpers';
import { useTestApp } from './support/test-app';
import { UsersService } from '../src/users/users.service';

describe('public profiles', () => {
  const testApp = useTestApp();

  it("shows a user's name, photo, membership, review count and published reviews, paginated", async () => {
    const author = await registerUser(testApp, { name: 'Paula Profile' });
    const owner = await registerUser(testApp);
    for (const details of ['First parcel.', 'Second parcel.', 'Third parcel.']) {
      const service = await addService(testApp, owner.accessToken);
      await addReview(testApp, author.accessToken, service, { details });
    }
    const other = await addService(testApp, owner.accessToken);
    const someoneElse = await registerUser(testApp);
    await addReview(testApp, someoneElse.accessToken, other, { details: 'Not by Paula.' });

    const profile = await testApp.http().get(`/api/profiles/${author.uid}`).expect(200);
    expect(profile.body).toEqual({
      uid: author.uid,
      displayName: 'Paula Profile',
      photoURL: '',
      memberSince: expect.any(String),
      reviewCount: 3,
      emailVerified: false,
    });
    expect(Date.now() - Date.parse(profile.body.memberSince)).toBeLessThan(60_000);

    const first = await testApp
      .http()
      .get(`/api/profiles/${author.uid}/reviews`)
      .query({ limit: 2 })
      .expect(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.body.map((review: { details: string }) => review.details)).toEqual([
      'Third parcel.',
      'Second parcel.',
    ]);
    const second = await testApp
      .http()
      .get(`/api/profiles/${author.uid}/reviews`)
      .query({ limit: 2, offset: 2 })
      .expect(200);
    expect(second.body.map((review: { details: string }) => review.details)).toEqual([
      'First parcel.',
    ]);
    for (const review of [...first.body, ...second.body]) {
      expect(review.email).toBeUndefined();
      expect(review.authorId).toBe(author.uid);
    }
    expect(JSON.stringify(profile.body)).not.toContain(author.email);
  });

  it('answers each signed-in reader with what they may do with each review', async () => {
    const author = await registerUser(testApp);
    const owner = await registerUser(testApp);
    const reader = await registerUser(testApp);
    const service = await addService(testApp, owner.accessToken);
    await addReview(testApp, author.accessToken, service);
    const permissions = async (token?: string) => {
      const request = testApp.http().get(`/api/profiles/${author.uid}/reviews`);
      if (token) request.set('Authorization', `Bearer ${token}`);
      return (await request.expect(200)).body[0].permissions;
    };

    expect(await permissions(author.accessToken)).toMatchObject({ edit: true, delete: true });
    expect(await permissions(owner.accessToken)).toMatchObject({ edit: false, reply: true });
    expect(await permissions(reader.accessToken)).toMatchObject({ report: true, reply: false });
    expect(await permissions()).toMatchObject({ edit: false, report: false, reply: false });
  });

  it('keeps a name change, a role change and a verified e-mail made at the same moment', async () => {
    const users = testApp.app.get(UsersService);
    for (let round = 0; round < 8; round += 1) {
      const user = await registerUser(testApp);
      await Promise.all([
        testApp
          .http()
          .patch('/api/auth/me')
          .set('Authorization', `Bearer ${user.accessToken}`)
          .send({ displayName: `Renamed ${round}` })
          .expect(200),
        users.grantAdmin(user.email),
        users.markEmailVerified(user.uid),
      ]);
      expect(await users.findById(user.uid)).toMatchObject({
        displayName: `Renamed ${round}`,
        role: 'admin',
        emailVerified: true,
      });
    }
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await testApp.http().get('/api/profiles/665f1c2ab4d3e8a1f0c9d999').expect(404);
    expect(missing.body.error).toBe('No user has this profile.');
    await testApp.http().get('/api/profiles/not-an-id').expect(400);
    await testApp.http().get('/api/profiles/not-an-id/reviews').expect(400);
  });
});
