import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ApiError } from '../common/api-error';
import type { Page } from '../common/pagination';
import { UsersService } from '../users/users.service';
import { Mailer } from './mailer';
import { Notification } from './notification.schema';
import type { PlannedNotification } from './notifications-for-event';
import { isDuplicateKeyError } from '../common/duplicate-key';

/** Each user keeps this many of their newest notifications; older ones are dropped. */
export const NOTIFICATIONS_KEPT_PER_USER = 200;

/** Stored before notifications had `read`: their `readAt` says it (migrated when next listed). */
type StoredNotification = Omit<Notification, 'read'> & { read?: boolean };

/**
 * Notifications are read only by `_id` or by `userId`, and a user's set stays small (see
 * NOTIFICATIONS_KEPT_PER_USER): FerretDB pushes those equalities down, and nothing scans.
 */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectModel(Notification.name) private readonly notifications: Model<Notification>,
    private readonly users: UsersService,
    private readonly mailer: Mailer,
  ) {}

  /** Stores each notification once (ids come from the event) and e-mails the new ones. */
  async deliver(planned: PlannedNotification[]): Promise<number> {
    let delivered = 0;
    for (const notification of planned) {
      try {
        await this.notifications.create({
          _id: notification.id,
          userId: notification.userId,
          kind: notification.kind,
          text: notification.text,
          link: notification.link,
          createdAt: new Date(),
          read: false,
          readAt: null,
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) continue;
        throw error;
      }
      delivered += 1;
      await this.dropBeyondCap(notification.userId);
      if (this.mailer.enabled) {
        const user = await this.users.findById(notification.userId);
        if (user)
          await this.mailer.send(
            user.email,
            'Service Critic',
            notification.text,
            notification.link,
          );
      }
    }
    return delivered;
  }

  /** Deletes the user's oldest notifications beyond the cap, one `_id` at a time. */
  private async dropBeyondCap(userId: string): Promise<void> {
    const older = await this.notifications
      .find({ userId }, { _id: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .skip(NOTIFICATIONS_KEPT_PER_USER)
      .lean<{ _id: string }[]>()
      .exec();
    for (const { _id } of older) await this.notifications.deleteOne({ _id }).exec();
  }

  /** A page of the user's notifications, newest first, counted from their whole (capped) set. */
  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<Page<Notification> & { unread: number }> {
    const stored = await this.notifications
      .find({ userId })
      .sort({ createdAt: -1, _id: -1 })
      .lean<StoredNotification[]>()
      .exec();
    const all = await Promise.all(stored.map((notification) => this.withReadFlag(notification)));
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
    await this.notifications.deleteMany({ userId }).exec();
  }

  /** Gives a notification stored without `read` the flag its `readAt` implies. */
  private async withReadFlag(notification: StoredNotification): Promise<Notification> {
    if (notification.read !== undefined) return notification as Notification;
    const read = notification.readAt !== null;
    await this.notifications.updateOne({ _id: notification._id }, { $set: { read } }).exec();
    return { ...notification, read };
  }

  async markRead(userId: string, id: string): Promise<void> {
    const result = await this.notifications
      .updateOne({ _id: id, userId }, { $set: { read: true, readAt: new Date() } })
      .exec();
    if (result.matchedCount === 0) throw new ApiError(404, 'No notification with this id.');
  }

  /** Marks every unread notification of the user read; answers how many there were. */
  async markAllRead(userId: string): Promise<number> {
    const result = await this.notifications
      .updateMany({ userId, read: false }, { $set: { read: true, readAt: new Date() } })
      .exec();
    return result.modifiedCount;
  }
}
