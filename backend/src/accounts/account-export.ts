import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { SessionsService } from '../auth/sessions.service';
import {
  NotificationsService,
  NOTIFICATIONS_KEPT_PER_USER,
} from '../notifications/notifications.service';
import { ReviewLists } from '../reviews/review-lists';
import { toPublicUser } from '../users/public-user';
import { UsersService } from '../users/users.service';

/**
 * "Download my data": everything the site keeps about the caller, and nothing about anyone
 * else, in one JSON document. (The site has no reports or votes yet; their sections join here.)
 */
@Injectable()
export class AccountExport {
  constructor(
    private readonly users: UsersService,
    private readonly lists: ReviewLists,
    private readonly notifications: NotificationsService,
    private readonly sessions: SessionsService,
  ) {}

  async export(caller: AuthUser): Promise<Record<string, unknown>> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new ApiError(401, 'This account no longer exists.', 'SESSION_ENDED');
    const { createdAt } = user as { createdAt?: Date };
    const notifications = await this.notifications.list(caller.id, NOTIFICATIONS_KEPT_PER_USER, 0);
    const sessions = await this.sessions.loginsOf(caller.id);
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        ...toPublicUser(user),
        memberSince: createdAt,
        hasPassword: Boolean(user.passwordHash),
      },
      reviews: await this.lists.writtenBy(caller),
      notifications: notifications.items,
      sessions: sessions.map(({ device, ip, createdAt: signedInAt }) => ({
        device,
        ip,
        signedInAt,
      })),
    };
  }
}
