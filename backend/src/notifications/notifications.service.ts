import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../common/redis-client';
import { GroupCommit } from '../common/group-commit';
import { ReadCache } from '../common/read-cache/read-cache';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/pagination';
import { UsersService } from '../users/users.service';
import { Mailer } from './mailer';
import { notificationSubject } from './notification-subjects';
import type { Notification } from './notification.schema';
import type { PlannedNotification } from './notifications-for-event';
import { NotificationsRepository, type StoredNotification } from './notifications.repository';

/** Each user keeps this many of their newest notifications; older ones are dropped. */
export const NOTIFICATIONS_KEPT_PER_USER = 200;
/** One user's notifications, cached for them until one arrives or is read. */
function notificationsScope(userId: string): string {
  return `notifications:${userId}`;
}

/** Deliveries to one user between two checks of their cap (see capCheckDue). */
const CAP_CHECK_EVERY = 20;
const CAP_CHECK_WINDOW_SECONDS = 3600;

/** A notification to store, and whether it was new (its `_id` was not there yet). */
interface NewNotification {
  planned: PlannedNotification;
  inserted?: boolean;
}

/** Concurrent deliveries whose notifications are stored in one command, at most. */
const DELIVERIES_AT_ONCE = 100;

/** Delivers notifications (stored once, e-mailed when mail is configured) and lists a user's. */
@Injectable()
export class NotificationsService {
  /** Concurrent deliveries' notifications are stored together (a group commit). */
  private readonly deliveries = new GroupCommit<NewNotification[]>(
    (deliveries) => this.storeAll(deliveries.flat()),
    DELIVERIES_AT_ONCE,
  );
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly users: UsersService,
    private readonly mailer: Mailer,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: ReadCache,
  ) {}

  /** Stores each notification once (ids come from the event) and e-mails the new ones. */
  async deliver(planned: PlannedNotification[]): Promise<number> {
    const items: NewNotification[] = planned.map((notification) => ({ planned: notification }));
    if (items.length > 0) await this.deliveries.add(items);
    const fresh = items.filter((item) => item.inserted);
    for (const { planned: notification } of fresh) await this.mail(notification);
    return fresh.length;
  }

  /**
   * One group's notifications in one insert; then, for the users who got new ones, their cap
   * checks and one cache bump. The notifications are stored by then: a failure of what follows
   * is logged, and the next delivery checks the cap again.
   */
  private async storeAll(items: NewNotification[]): Promise<void> {
    await this.insertAll(items);
    const deliveredTo = new Map<string, number>();
    for (const { planned, inserted } of items) {
      if (inserted) deliveredTo.set(planned.userId, (deliveredTo.get(planned.userId) ?? 0) + 1);
    }
    if (deliveredTo.size === 0) return;
    try {
      for (const userId of await this.capChecksDue(deliveredTo)) await this.dropBeyondCap(userId);
    } catch (error) {
      this.logger.warn(`notifications beyond the cap left for now (${(error as Error).message})`);
    }
    await this.cache.invalidate(...[...deliveredTo.keys()].map(notificationsScope));
  }

  /**
   * The users whose cap to check. The check reads the user's whole set, so it runs on their first
   * delivery in a while (an hour without any) and then once per CAP_CHECK_EVERY: a busy user
   * holds at most that many beyond the cap meanwhile. Without Redis, every delivery checks.
   */
  private async capChecksDue(deliveredTo: Map<string, number>): Promise<string[]> {
    const users = [...deliveredTo];
    const key = (userId: string) =>
      `${this.config.redis.prefix}:notifications:since-cap-check:${userId}`;
    const batch = this.redis.pipeline();
    for (const [userId, delivered] of users) {
      batch.incrby(key(userId), delivered).expire(key(userId), CAP_CHECK_WINDOW_SECONDS);
    }
    const answers = await batch.exec().catch(() => null);
    return users
      .filter(([, delivered], index) => {
        const [error, after] = answers?.[index * 2] ?? [new Error('no answer')];
        if (error || typeof after !== 'number') return true;
        const before = after - delivered;
        return (
          before === 0 || Math.floor(after / CAP_CHECK_EVERY) > Math.floor(before / CAP_CHECK_EVERY)
        );
      })
      .map(([userId]) => userId);
  }

  private async insertAll(items: NewNotification[]): Promise<void> {
    const createdAt = new Date();
    const repeats = await this.notifications.insertAll(
      items.map(({ planned }) => ({
        _id: planned.id,
        userId: planned.userId,
        kind: planned.kind,
        text: planned.text,
        link: planned.link,
        createdAt,
        read: false,
        readAt: null,
      })),
    );
    items.forEach((item, index) => (item.inserted = !repeats.has(index)));
  }

  private async mail(notification: PlannedNotification): Promise<void> {
    if (!this.mailer.enabled) return;
    const user = await this.users.findById(notification.userId);
    if (user) {
      await this.mailer.send(
        user.email,
        notificationSubject(notification.kind),
        notification.text,
        notification.link,
      );
    }
  }

  /** Deletes the user's oldest notifications beyond the cap, by `_id`, in one command. */
  private async dropBeyondCap(userId: string): Promise<void> {
    const older = await this.notifications.idsAfterNewest(userId, NOTIFICATIONS_KEPT_PER_USER);
    await this.notifications.deleteByIds(older);
  }

  /**
   * A page of the user's notifications, newest first, counted from their whole (capped) set,
   * which is read once and cached for them until it changes.
   */
  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<Page<Notification> & { unread: number }> {
    const scope = notificationsScope(userId);
    const all = await this.cache.read([scope], scope, async () => {
      const stored = await this.notifications.listOf(userId);
      return Promise.all(stored.map((notification) => this.withReadFlag(notification)));
    });
    return {
      items: all.slice(offset, offset + limit),
      total: all.length,
      unread: all.filter((notification) => !notification.read).length,
      limit,
      offset,
    };
  }

  /** Removes every notification of the user (their account is deleted). */
  async deleteAllOf(userId: string): Promise<void> {
    await this.notifications.deleteAllOf(userId);
    await this.cache.invalidate(notificationsScope(userId));
  }

  /** Gives a notification stored without `read` the flag its `readAt` implies (and stores it). */
  private async withReadFlag(notification: StoredNotification): Promise<Notification> {
    if (notification.read !== undefined) return notification as Notification;
    const read = notification.readAt !== null;
    await this.notifications.setReadFlag(notification._id, read);
    return { ...notification, read };
  }

  async markRead(userId: string, id: string): Promise<void> {
    if (!(await this.notifications.markRead(userId, id))) {
      throw new ApiError(404, 'No notification with this id.');
    }
    await this.cache.invalidate(notificationsScope(userId));
  }

  /** Marks every unread notification of the user read; answers how many there were. */
  async markAllRead(userId: string): Promise<number> {
    const marked = await this.notifications.markAllRead(userId);
    await this.cache.invalidate(notificationsScope(userId));
    return marked;
  }
}
