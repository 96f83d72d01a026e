import { ReadCache } from '../common/read-cache/read-cache';
import { APP_CONFIG } from '../config/config.module';
import { REDIS_CLIENT } from '../common/redis-client';
import { MailSender } from '../mail/mail-sender';
import { UsersService } from '../users/users.service';
import {
  ComputingReadCache,
  KnownUsers,
  RecordingMail,
} from '../../test/support/fakes/collaborators';
import {
  plannedNotification,
  storedNotification,
  userRecord,
} from '../../test/support/fakes/factories';
import { InMemoryNotificationsRepository } from '../../test/support/fakes/notifications-repository';
import { InMemoryRedisCounters } from '../../test/support/fakes/redis-counters';
import { testConfig } from '../../test/support/fakes/test-config';
import { newTestService, standIn, valueOf } from '../../test/support/fakes/test-service';
import { expectRefused } from '../../test/support/refusals';
import { Mailer } from './mailer';
import { notificationSubject } from './notification-subjects';
import type { StoredNotification } from './notifications.repository';
import { NotificationsRepository } from './notifications.repository';
import { NOTIFICATIONS_KEPT_PER_USER, NotificationsService } from './notifications.service';

interface NotificationsWorld {
  stored?: StoredNotification[];
  mailEnabled?: boolean;
}

/** `author` and `owner` have accounts; mail is set up unless told otherwise. */
async function notificationsWith({ stored = [], mailEnabled = true }: NotificationsWorld = {}) {
  const repository = new InMemoryNotificationsRepository(stored);
  const mail = new RecordingMail(mailEnabled);
  const cache = new ComputingReadCache();
  const redis = new InMemoryRedisCounters();
  const service = await newTestService(NotificationsService, [
    Mailer,
    standIn(NotificationsRepository, repository),
    standIn(UsersService, new KnownUsers([userRecord('author'), userRecord('owner')])),
    standIn(MailSender, mail),
    standIn(ReadCache, cache),
    valueOf(REDIS_CLIENT, redis),
    valueOf(APP_CONFIG, testConfig()),
  ]);
  return {
    service,
    notifications: repository.notifications,
    mail: mail.sent,
    invalidated: cache.invalidated,
    redis,
  };
}

/** `count` stored notifications of `author`, older than any delivered in a test. */
function olderOfAuthor(count: number): StoredNotification[] {
  return Array.from({ length: count }, (_, index) =>
    storedNotification({ _id: `old-${index}`, createdAt: new Date(index) }),
  );
}

/** One notification of `author` ('mine') and one of `owner` ('theirs'). */
function mineAndTheirs(): StoredNotification[] {
  return [
    storedNotification({ _id: 'mine' }),
    storedNotification({ _id: 'theirs', userId: 'owner' }),
  ];
}

const countOf = (notifications: { all(): unknown[] }) => notifications.all().length;
const toAuthor = (id: string) => plannedNotification({ id });

describe('NotificationsService', () => {
  it('stores each notification once, unread, and mails the new ones to their user', async () => {
    const { service, notifications, mail } = await notificationsWith();
    const planned = [
      plannedNotification({ id: 'e1:author' }),
      plannedNotification({ id: 'e1:owner', userId: 'owner', kind: 'review.received' }),
    ];
    await expect(service.deliver(planned)).resolves.toBe(2);

    expect(notifications.get('e1:owner')).toMatchObject({
      userId: 'owner',
      kind: 'review.received',
      read: false,
      readAt: null,
    });
    expect(mail).toEqual([
      {
        to: 'author@example.com',
        content: {
          subject: notificationSubject('review.replied'),
          paragraphs: ['The business replied to your review.'],
          link: { path: '/reviews/r1', label: 'Open' },
        },
      },
      expect.objectContaining({ to: 'owner@example.com' }),
    ]);

    // A retried event plans the same ids: nothing new is stored or mailed.
    await expect(service.deliver(planned)).resolves.toBe(0);
    expect(countOf(notifications)).toBe(2);
    expect(mail).toHaveLength(2);
  });

  it('stores without mailing when mail is not set up or the user is gone', async () => {
    const { service, notifications, mail } = await notificationsWith({ mailEnabled: false });
    await service.deliver([toAuthor('e1:author')]);
    expect(countOf(notifications)).toBe(1);

    const withMail = await notificationsWith();
    await withMail.service.deliver([plannedNotification({ id: 'e1:gone', userId: 'gone' })]);
    expect(countOf(withMail.notifications)).toBe(1);
    expect([...mail, ...withMail.mail]).toEqual([]);
  });

  it('invalidates the cached list of each user who got a new one, once per delivery', async () => {
    const { service, invalidated } = await notificationsWith();
    await service.deliver([toAuthor('e1:author'), toAuthor('e2:author')]);
    await service.deliver([toAuthor('e1:author')]);
    expect(invalidated).toEqual(['notifications:author']);
  });

  it("keeps each user's newest notifications only, checking on their first delivery", async () => {
    const { service, notifications } = await notificationsWith({
      stored: olderOfAuthor(NOTIFICATIONS_KEPT_PER_USER + 5),
    });
    await service.deliver([toAuthor('new:author')]);

    expect(countOf(notifications)).toBe(NOTIFICATIONS_KEPT_PER_USER);
    expect(notifications.get('new:author')).not.toBeNull();
    expect(notifications.get('old-5')).toBeNull();
    expect(notifications.get('old-6')).not.toBeNull();
  });

  it('checks the cap again once per twenty deliveries to the user', async () => {
    const { service, notifications } = await notificationsWith({
      stored: olderOfAuthor(NOTIFICATIONS_KEPT_PER_USER),
    });
    await service.deliver([toAuthor('e1:author')]);
    expect(countOf(notifications)).toBe(NOTIFICATIONS_KEPT_PER_USER);
    for (let event = 2; event < 20; event += 1)
      await service.deliver([toAuthor(`e${event}:author`)]);
    expect(countOf(notifications)).toBe(NOTIFICATIONS_KEPT_PER_USER + 18);

    await service.deliver([toAuthor('e20:author')]);
    expect(countOf(notifications)).toBe(NOTIFICATIONS_KEPT_PER_USER);
  });

  it('checks the cap on every delivery while Redis does not answer', async () => {
    const { service, notifications, redis } = await notificationsWith({
      stored: olderOfAuthor(NOTIFICATIONS_KEPT_PER_USER),
    });
    await service.deliver([toAuthor('e1:author')]);
    redis.down = true;
    await service.deliver([toAuthor('e2:author')]);
    expect(countOf(notifications)).toBe(NOTIFICATIONS_KEPT_PER_USER);
    expect(notifications.get('e2:author')).not.toBeNull();
  });

  it('lists a page of the newest, with the total and the unread count', async () => {
    const { service } = await notificationsWith({
      stored: [
        storedNotification({ _id: 'n1', createdAt: new Date(1) }),
        storedNotification({ _id: 'n2', createdAt: new Date(2), read: true, readAt: new Date(3) }),
        storedNotification({ _id: 'n3', createdAt: new Date(3) }),
        storedNotification({ _id: 'theirs', userId: 'owner' }),
      ],
    });
    const page = await service.list('author', 2, 0);
    expect(page.items.map((notification) => notification._id)).toEqual(['n3', 'n2']);
    expect(page).toMatchObject({ total: 3, unread: 2, limit: 2, offset: 0 });
  });

  it('gives a notification stored before the read flag the flag its readAt implies, and stores it', async () => {
    const { service, notifications } = await notificationsWith({
      stored: [
        storedNotification({ _id: 'seen', read: undefined, readAt: new Date(5) }),
        storedNotification({ _id: 'unseen', read: undefined }),
      ],
    });
    const page = await service.list('author', 10, 0);
    expect(page.unread).toBe(1);
    expect(notifications.get('seen')?.read).toBe(true);
    expect(notifications.get('unseen')?.read).toBe(false);
  });

  it("marks the user's own notification read, and answers 404 for anyone else's", async () => {
    const { service, notifications, invalidated } = await notificationsWith({
      stored: mineAndTheirs(),
    });
    await service.markRead('author', 'mine');
    expect(notifications.get('mine')).toMatchObject({ read: true, readAt: expect.any(Date) });
    expect(invalidated).toEqual(['notifications:author']);

    await expectRefused(service.markRead('author', 'theirs'), 404);
    await expectRefused(service.markRead('author', 'nope'), 404);
    expect(notifications.get('theirs')?.read).toBe(false);
  });

  it("marks all of the user's unread notifications read, and answers how many", async () => {
    const { service, notifications } = await notificationsWith({
      stored: [
        storedNotification({ _id: 'n1' }),
        storedNotification({ _id: 'n2', read: true, readAt: new Date(0) }),
        storedNotification({ _id: 'n3' }),
        storedNotification({ _id: 'theirs', userId: 'owner' }),
      ],
    });
    await expect(service.markAllRead('author')).resolves.toBe(2);
    expect(notifications.get('n3')?.read).toBe(true);
    expect(notifications.get('theirs')?.read).toBe(false);
  });

  it("deletes every notification of a deleted account, and nobody else's", async () => {
    const { service, notifications, invalidated } = await notificationsWith({
      stored: mineAndTheirs(),
    });
    await service.deleteAllOf('author');
    expect(notifications.all().map((notification) => notification._id)).toEqual(['theirs']);
    expect(invalidated).toEqual(['notifications:author']);
  });
});
