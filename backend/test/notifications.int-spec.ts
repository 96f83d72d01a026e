import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Notification } from '../src/notifications/notification.schema';
import {
  NOTIFICATIONS_KEPT_PER_USER,
  NotificationsService,
} from '../src/notifications/notifications.service';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

describe('notifications', () => {
  const testApp = useTestApp();
  let notifications: Model<Notification>;
  let service: NotificationsService;

  beforeAll(async () => {
    notifications = testApp.app.get(getModelToken(Notification.name));
    service = testApp.app.get(NotificationsService);
  });

  const deliver = (user: RegisteredUser, ids: string[]) =>
    service.deliver(
      ids.map((id) => ({ id, userId: user.uid, kind: 'review.received', text: id, link: '/' })),
    );

  const inbox = async (user: RegisteredUser) => {
    const response = await testApp
      .http()
      .get('/api/notifications?limit=100')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);
    return {
      unread: Number(response.headers['x-unread-count']),
      total: Number(response.headers['x-total-count']),
      items: response.body as { _id: string; read: boolean; readAt: string | null }[],
    };
  };

  const post = (user: RegisteredUser, path: string) =>
    testApp.http().post(path).set('Authorization', `Bearer ${user.accessToken}`);

  it('marks one read, then all of them, and counts what is left unread', async () => {
    const user = await registerUser(testApp);
    const other = await registerUser(testApp);
    await deliver(user, [`${user.uid}:a`, `${user.uid}:b`, `${user.uid}:c`]);
    await deliver(other, [`${other.uid}:a`]);
    expect(await inbox(user)).toMatchObject({ unread: 3, total: 3 });

    await post(user, `/api/notifications/${user.uid}:a/read`).expect(200, { success: true });
    await post(user, `/api/notifications/${other.uid}:a/read`).expect(404);
    expect((await inbox(user)).unread).toBe(2);

    await post(user, '/api/notifications/read-all').expect(200, { marked: 2 });
    const after = await inbox(user);
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.read && item.readAt !== null)).toBe(true);
    expect((await inbox(other)).unread).toBe(1);
    await post(user, '/api/notifications/read-all').expect(200, { marked: 0 });
  });

  it('stores a notification delivered twice, at the same moment or later, once', async () => {
    const user = await registerUser(testApp);
    const twice = [`${user.uid}:x`, `${user.uid}:y`];
    const delivered = await Promise.all([
      deliver(user, twice),
      deliver(user, twice),
      deliver(user, [`${user.uid}:z`]),
    ]);
    expect(delivered.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(await deliver(user, twice)).toBe(0);
    const { total, items } = await inbox(user);
    expect(total).toBe(3);
    expect(items.map((item) => item._id).sort()).toEqual([...twice, `${user.uid}:z`].sort());
  });

  it(`keeps each user's newest ${NOTIFICATIONS_KEPT_PER_USER}, dropping the oldest`, async () => {
    const user = await registerUser(testApp);
    const start = Date.now() - 1_000_000;
    await notifications.insertMany(
      Array.from({ length: NOTIFICATIONS_KEPT_PER_USER }, (_, index) => ({
        _id: `${user.uid}:old${index}`,
        userId: user.uid,
        kind: 'review.received',
        text: 'old',
        link: '/',
        createdAt: new Date(start + index * 1000),
        read: true,
        readAt: new Date(start + index * 1000),
      })),
    );
    await deliver(user, [`${user.uid}:new1`, `${user.uid}:new2`]);

    const { total, items } = await inbox(user);
    expect(total).toBe(NOTIFICATIONS_KEPT_PER_USER);
    expect(items.slice(0, 2).map((item) => item._id)).toEqual([
      `${user.uid}:new2`,
      `${user.uid}:new1`,
    ]);
    expect(await notifications.exists({ _id: `${user.uid}:old0` })).toBeNull();
    expect(await notifications.exists({ _id: `${user.uid}:old1` })).toBeNull();
    expect(await notifications.exists({ _id: `${user.uid}:old2` })).not.toBeNull();
  });

  it('counts a notification stored before the read flag by its readAt, and stores the flag', async () => {
    const user = await registerUser(testApp);
    const stored = (id: string, readAt: Date | null) => ({
      _id: `${user.uid}:${id}`,
      userId: user.uid,
      kind: 'review.received',
      text: id,
      link: '/',
      createdAt: new Date(),
      readAt,
    });
    await notifications.collection.insertMany([
      stored('unread', null),
      stored('read', new Date()),
    ] as never[]);

    expect(await inbox(user)).toMatchObject({ unread: 1, total: 2 });
    const flags = await notifications.find({ userId: user.uid }).lean().exec();
    expect(Object.fromEntries(flags.map((flag) => [flag.text, flag.read]))).toEqual({
      unread: false,
      read: true,
    });
  });
});
