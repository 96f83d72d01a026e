import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertAllOnce } from '../common/duplicate-key';
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

  /** Inserts them in one command; answers the positions of those whose `_id` was there already. */
  insertAll(notifications: Notification[]): Promise<Set<number>> {
    return insertAllOnce(this.notifications, notifications, { asBuilt: true });
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

  /** Deletes them by `_id`, in one command. */
  async deleteByIds(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.notifications.bulkWrite(
      ids.map((id) => ({ deleteOne: { filter: { _id: id } } })),
      { ordered: false },
    );
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
