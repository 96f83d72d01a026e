import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertedOnce } from '../common/duplicate-key';
import { Notification } from './notification.schema';

/** Stored before notifications had `read`: their `readAt` says it. */
export type StoredNotification = Omit<Notification, 'read'> & { read?: boolean };

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/**
 * The `notifications` collection, read only by `_id` or by `userId`; a user's set stays small
 * (the service caps it), so FerretDB pushes those equalities down and nothing scans.
 */
@Injectable()
export class NotificationsRepository {
  constructor(
    @InjectModel(Notification.name) private readonly notifications: Model<Notification>,
  ) {}

  /** False when a notification with this `_id` exists already. */
  insert(notification: Notification): Promise<boolean> {
    return insertedOnce(() => this.notifications.create(notification));
  }

  /** The user's whole set, newest first. */
  listOf(userId: string): Promise<StoredNotification[]> {
    return this.notifications
      .find({ userId })
      .sort(NEWEST_FIRST)
      .lean<StoredNotification[]>()
      .exec();
  }

  /** The ids of the user's notifications after their newest `kept`. */
  async idsAfterNewest(userId: string, kept: number): Promise<string[]> {
    const older = await this.notifications
      .find({ userId }, { _id: 1 })
      .sort(NEWEST_FIRST)
      .skip(kept)
      .lean<{ _id: string }[]>()
      .exec();
    return older.map(({ _id }) => _id);
  }

  async deleteById(id: string): Promise<void> {
    await this.notifications.deleteOne({ _id: id }).exec();
  }

  async setReadFlag(id: string, read: boolean): Promise<void> {
    await this.notifications.updateOne({ _id: id }, { $set: { read } }).exec();
  }

  /** Marks one of the user's notifications read; false when the user has none with this id. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const result = await this.notifications
      .updateOne({ _id: id, userId }, { $set: { read: true, readAt: new Date() } })
      .exec();
    return result.matchedCount > 0;
  }

  /** Marks every unread notification of the user read; answers how many there were. */
  async markAllRead(userId: string): Promise<number> {
    const result = await this.notifications
      .updateMany({ userId, read: false }, { $set: { read: true, readAt: new Date() } })
      .exec();
    return result.modifiedCount;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.notifications.deleteMany({ userId }).exec();
  }
}
