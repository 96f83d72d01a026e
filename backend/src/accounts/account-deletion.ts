import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { ApiTokensService } from '../auth/api-tokens/api-tokens.service';
import { SessionsService } from '../auth/sessions.service';
import { actorOf, OutboxService } from '../events/outbox.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ReportsRepository } from '../reports/reports.repository';
import { ANONYMOUS_AUTHOR } from '../reviews/review-changes';
import { ReviewLists } from '../reviews/review-lists';
import { ReviewWrites } from '../reviews/review-writes';
import { UsersService } from '../users/users.service';
import { confirmPassword } from './password-change';
import { ProfilePhotosRepository } from './photos/profile-photos.repository';

/** What happens to the reviews of a deleted account. */
export type DeletedReviews = 'delete' | 'keep';

/**
 * Deletes an account once its password is confirmed: its reviews go, or stay under "Deleted
 * user"; its sessions, API tokens, photos, notifications and identities go, its reports keep no address or
 * name; the deletion is audited.
 */
@Injectable()
export class AccountDeletion {
  constructor(
    private readonly users: UsersService,
    private readonly lists: ReviewLists,
    private readonly writes: ReviewWrites,
    private readonly sessions: SessionsService,
    private readonly apiTokens: ApiTokensService,
    private readonly notifications: NotificationsService,
    private readonly photos: ProfilePhotosRepository,
    private readonly events: OutboxService,
    private readonly reports: ReportsRepository,
  ) {}

  async delete(caller: AuthUser, password: string, reviewsMode: DeletedReviews): Promise<number> {
    await confirmPassword(this.users, caller.id, password);
    const reviews = await this.lists.writtenBy(caller);
    for (const review of reviews) {
      if (reviewsMode === 'delete') await this.writes.delete(review._id, caller);
      else await this.writes.anonymise(review._id, caller);
    }
    await this.events.record('user.deleted', {
      actor: actorOf(caller),
      before: {
        userId: caller.id,
        email: caller.email,
        displayName: caller.displayName,
        reviews: reviewsMode === 'delete' ? 'deleted' : 'kept as "Deleted user"',
        reviewCount: reviews.length,
      },
      after: null,
    });
    await this.sessions.revokeAllOf(caller.id);
    await this.apiTokens.deleteAllOf(caller.id);
    await this.photos.removeAllOf(caller.id);
    await this.notifications.deleteAllOf(caller.id);
    await this.reports.forgetReporter(caller.id, ANONYMOUS_AUTHOR.reviewUser);
    await this.users.deleteAccount(caller.id);
    return reviews.length;
  }
}
