import { isDuplicateKeyError } from '../../../src/common/duplicate-key';
import type { Notification } from '../../../src/notifications/notification.schema';
import type {
  NotificationsRepository,
  StoredNotification,
} from '../../../src/notifications/notifications.repository';
import { InMemoryDocuments } from './documents';

/** Newest first, then the greater `_id`, as the real sort ({ createdAt: -1, _id: -1 }). */
function newestFirst(a: StoredNotification, b: StoredNotification): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b._id.localeCompare(a._id);
}

/** The `notifications` collection in memory: ids are unique, a user's set is read newest first. */
export class InMemoryNotificationsRepository implements Pick<
  NotificationsRepository,
  keyof NotificationsRepository
> {
  readonly notifications = new InMemoryDocuments<StoredNotification>();

  constructor(notifications: StoredNotification[] = []) {
    for (const notification of notifications) this.notifications.insert(notification);
  }

  async insertAll(notifications: Notification[]) {
    const repeats = new Set<number>();
    notifications.forEach((notification, index) => {
      try {
        this.notifications.insert(notification);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        repeats.add(index);
      }
    });
    return repeats;
  }

  async listOf(userId: string) {
    return this.ofUser(userId).sort(newestFirst);
  }

  async idsAfterNewest(userId: string, kept: number) {
    return (await this.listOf(userId)).slice(kept).map((notification) => notification._id);
  }

  async deleteByIds(ids: string[]) {
    for (const id of ids) this.notifications.remove(id);
  }

  async setReadFlag(id: string, read: boolean) {
    this.notifications.modify(id, () => ({ read }));
  }

  async markRead(userId: string, id: string) {
    const owned = this.notifications.get(id)?.userId === userId;
    if (owned) this.notifications.modify(id, () => ({ read: true, readAt: new Date() }));
    return owned;
  }

  async markAllRead(userId: string) {
    const unread = this.ofUser(userId).filter((notification) => notification.read === false);
    for (const { _id } of unread) {
      this.notifications.modify(_id, () => ({ read: true, readAt: new Date() }));
    }
    return unread.length;
  }

  async deleteAllOf(userId: string) {
    for (const { _id } of this.ofUser(userId)) this.notifications.remove(_id);
  }

  private ofUser(userId: string) {
    return this.notifications.all().filter((notification) => notification.userId === userId);
  }
}
