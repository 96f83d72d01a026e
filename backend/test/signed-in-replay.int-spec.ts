import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { SessionsService } from '../src/auth/sessions.service';
import { NotificationsService } from '../src/notifications/notifications.service';
import { addReview, addService } from './support/catalog-helpers';
import { postWithCookie, registerUser, type RegisteredUser } from './support/auth-helpers';
import { listQueriesOf } from './support/list-queries';
import { useTestApp } from './support/test-app';

/**
 * Signed-in reads made wholly from cached reads are replayed to the same login by the response
 * cache: no guard, no handler, no database call. A write the caller makes shows at once, another
 * caller never gets their answer, and a logout ends the replays with the login.
 */
describe('signed-in answers replayed per login', () => {
  const testApp = useTestApp();
  let connection: Connection;
  let sessions: SessionsService;
  let notifications: NotificationsService;
  let author: RegisteredUser;
  let reader: RegisteredUser;
  let service: string;

  beforeAll(async () => {
    connection = testApp.app.get<Connection>(getConnectionToken());
    sessions = testApp.app.get(SessionsService);
    notifications = testApp.app.get(NotificationsService);
    author = await registerUser(testApp);
    reader = await registerUser(testApp);
    service = await addService(testApp, (await registerUser(testApp)).accessToken);
    await addReview(testApp, author.accessToken, service, { rating: 5 });
  });

  const get = (path: string, token: string) =>
    testApp.http().get(path).set('Authorization', `Bearer ${token}`).expect(200);

  /** How many requests reached the JWT guard, and which queries the database got, during `run`. */
  async function observed(run: () => Promise<unknown>) {
    const guarded = jest.spyOn(sessions, 'isAccessRevoked');
    try {
      const queries = await listQueriesOf(connection, run);
      return { guarded: guarded.mock.calls.length, queries };
    } finally {
      guarded.mockRestore();
    }
  }

  it('replays /api/myreviews and a service page to the same login, without the guard or the database', async () => {
    for (const path of ['/api/myreviews', `/api/reviews?service=${service}`]) {
      const first = await get(path, author.accessToken);
      await get(path, author.accessToken);
      let replayed = first;
      const seen = await observed(async () => {
        replayed = await get(path, author.accessToken);
      });
      expect(seen).toEqual({ guarded: 0, queries: [] });
      expect(replayed.body).toEqual(first.body);
      expect(replayed.headers['cache-control']).toBe('private, no-cache');
      // The author sees their own e-mail on their review; it is theirs only.
      expect(replayed.body[0].email).toBe(author.email);
    }
  });

  it("never gives one login's answer to another caller", async () => {
    const path = `/api/reviews?service=${service}`;
    await get(path, author.accessToken);
    await get(path, author.accessToken);
    const seen = await observed(async () => {
      const answer = await get(path, reader.accessToken);
      expect(answer.body[0].email).toBeUndefined();
    });
    expect(seen.guarded).toBe(1);
  });

  it("shows the caller's own write at once", async () => {
    await get('/api/myreviews', reader.accessToken);
    await get('/api/myreviews', reader.accessToken);
    const id = await addReview(testApp, reader.accessToken, service, { rating: 2 });
    const after = await get('/api/myreviews', reader.accessToken);
    expect(after.body.map((review: { _id: string }) => review._id)).toContain(id);
  });

  it('replays /api/notifications until one arrives or is read', async () => {
    const user = await registerUser(testApp);
    const unread = async () =>
      Number((await get('/api/notifications', user.accessToken)).headers['x-unread-count']);
    const deliver = (id: string) =>
      notifications.deliver([
        { id, userId: user.uid, kind: 'review.received', text: id, link: '/' },
      ]);
    await deliver(`${user.uid}:first`);
    expect(await unread()).toBe(1);
    const seen = await observed(async () => expect(await unread()).toBe(1));
    expect(seen).toEqual({ guarded: 0, queries: [] });

    await deliver(`${user.uid}:second`);
    expect(await unread()).toBe(2);
    await testApp
      .http()
      .post('/api/notifications/read-all')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    expect(await unread()).toBe(0);
  });

  it('stops replaying once the login ends', async () => {
    const user = await registerUser(testApp);
    await get('/api/myreviews', user.accessToken);
    await get('/api/myreviews', user.accessToken);
    await postWithCookie(testApp, '/api/auth/logout', user.cookie).expect(200);
    const ended = await testApp
      .http()
      .get('/api/myreviews')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(401);
    expect(ended.body).toMatchObject({ code: 'SESSION_ENDED' });
  });
});
