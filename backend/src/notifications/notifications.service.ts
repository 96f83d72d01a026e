import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/pagination';
import { UsersService } from '../users/users.service';
import { Mailer } from './mailer';
import type { Notification } from './notification.schema';
import type { PlannedNotification } from './notifications-for-event';
import { NotificationsRepository, type StoredNotification } from './notifications.repository';

/** Each user keeps this many of their newest notifications; older ones are dropped. */
export const NOTIFICATIONS_KEPT_PER_USER = 200;

/** Delivers notifications (stored once, e-mailed when mail is configured) and lists a user's. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly users: UsersService,
    private readonly mailer: Mailer,
  ) {}

  /** Stores each notification once (ids come from the event) and e-mails the new ones. */
  async deliver(planned: PlannedNotification[]): Promise<number> {
    let delivered = 0;
    for (const notification of planned) {
      const inserted = await this.notifications.insert({
        _id: notification.id,
        userId: notification.userId,
        kind: notification.kind,
        text: notification.text,
        link: notification.link,
        createdAt: new Date(),
        read: false,
        readAt: null,
      });
      if (!inserted) continue;
      delivered += 1;
      await this.dropBeyondCap(notification.userId);
      await this.mail(notification);
    }
    return delivered;
  }

  private async mail(notification: PlannedNotification): Promise<void> {
    if (!this.mailer.enabled) return;
    const user = await this.users.findById(notification.userId);
    if (user) {
      await this.mailer.send(user.email, 'Service Critic', notification.text, notification.link);
    }
  }

  /** Deletes the user's oldest notifications beyond the cap, one `_id` at a time. */
  private async dropBeyondCap(userId: string): Promise<void> {
    const older = await this.notifications.idsAfterNewest(userId, NOTIFICATIONS_KEPT_PER_USER);
    for (const id of older) await this.notifications.deleteById(id);
  }

  /** A page of the user's notifications, newest first, counted from their whole (capped) set. */
  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<Page<Notification> & { unread: number }> {
    const stored = await this.notifications.listOf(userId);
    const all = await Promise.all(stored.map((notification) => this.withReadFlag(notification)));
    return {
      items: all.slice(offset, offset + limit),
      total: all.length,
      unread: all.filter((notification) => !notification.read).length,
      limit,
      offset,
    };
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
  }

  /** Marks every unread notification of the user read; answers how many there were. */
  markAllRead(userId: string): Promise<number> {
    return this.notifications.markAllRead(userId);
  }
}
