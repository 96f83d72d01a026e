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

const DAY_MS = 86_400_000;

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
          readAt: null,
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) continue;
        throw error;
      }
      delivered += 1;
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

  async list(
    userId: string,
    limit: number,
    offset: number,
  ): Promise<Page<Notification> & { unread: number }> {
    const [items, total, unread] = await Promise.all([
      this.notifications
        .find({ userId })
        .sort({ createdAt: -1 })
        .skip(offset)
        .limit(limit)
        .lean<Notification[]>()
        .exec(),
      this.notifications.countDocuments({ userId }).exec(),
      this.notifications.countDocuments({ userId, readAt: null }).exec(),
    ]);
    return { items, total, unread, limit, offset };
  }

  async markRead(userId: string, id: string): Promise<void> {
    const result = await this.notifications
      .updateOne({ _id: id, userId }, { $set: { readAt: new Date() } })
      .exec();
    if (result.matchedCount === 0) throw new ApiError(404, 'No notification with this id.');
  }

  /** Read notifications are dropped after `days` days (FerretDB has no TTL indexes). */
  async deleteReadOlderThan(days: number): Promise<number> {
    const result = await this.notifications
      .deleteMany({ readAt: { $ne: null, $lt: new Date(Date.now() - days * DAY_MS) } })
      .exec();
    return result.deletedCount;
  }
}
