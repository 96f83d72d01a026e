import { Inject, Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { ReadCache } from '../common/read-cache/read-cache';
import type { AuthUser } from '../auth/auth-user';
import { OutboxService, actorOf } from '../events/outbox.service';
import { SYSTEM_ACTOR } from '../events/review-events';
import { burstVerdict, networkOf, type BurstVerdict } from '../moderation/burst-rule';
import { BurstWindows, type NotedWindow } from '../moderation/burst-window';
import { ServiceAlertsRepository, type StoredAlert } from './service-alerts.repository';
import { serviceAlertId, type ServiceAlert } from './service-alert.schema';
import { ServicesService, serviceScope } from './services.service';
import type { ServiceAlertDto } from './service-alert.dto';

/** A new review as the burst rule needs it. */
export interface NewReviewSeen {
  serviceId: string;
  rating: number;
  authorId: string;
  /** The client's address as the API sees it (`req.ip`: TRUST_PROXY decides which hop). */
  ip: string;
  at: Date;
}

/** When the author's account was made: an ObjectId holds its creation time. */
function accountMadeAt(authorId: string): Date | null {
  return Types.ObjectId.isValid(authorId) ? new Types.ObjectId(authorId).getTimestamp() : null;
}

function snapshot(alert: StoredAlert | ServiceAlert): Record<string, unknown> {
  const { rev: _rev, ...fields } = alert as StoredAlert;
  return { ...fields };
}

/**
 * Bursts of reviews on one service: each new review is noted in its service's window, and a
 * window the burst rule calls a burst opens the service's alert. While it is open, every new
 * review of the service waits for a moderator (an attack changes accounts and networks faster
 * than a pattern could follow, and a genuine reviewer only waits), its page shows a notice and
 * the admins are told (the `service.burst_detected` event); an admin closes it.
 */
@Injectable()
export class ServiceAlerts {
  private readonly logger = new Logger(ServiceAlerts.name);

  constructor(
    private readonly windows: BurstWindows,
    private readonly alerts: ServiceAlertsRepository,
    private readonly services: ServicesService,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Notes the new review in its service's window; answers whether it must wait for a moderator.
   * Without Redis it answers false: the review is published as before the rule existed.
   */
  async holdsNew(review: NewReviewSeen): Promise<boolean> {
    const madeAt = accountMadeAt(review.authorId);
    let noted: NotedWindow;
    try {
      noted = await this.windows.note(review.serviceId, {
        authorId: review.authorId,
        rating: review.rating,
        newAccount:
          madeAt !== null &&
          review.at.getTime() - madeAt.getTime() < this.config.burst.newAccountMs,
        network: networkOf(review.ip),
        at: review.at,
      });
    } catch (error) {
      this.logger.warn(`burst rule skipped, review published (${(error as Error).message})`);
      return false;
    }
    if (noted.openAlertId) return true;
    const verdict = burstVerdict(noted, this.config.burst);
    return verdict.burst && this.open(review, noted, verdict);
  }

  /** Opens the service's alert, unless another process just did; false when it could not. */
  private async open(
    review: NewReviewSeen,
    noted: NotedWindow,
    verdict: BurstVerdict,
  ): Promise<boolean> {
    const alert: ServiceAlert = {
      _id: serviceAlertId(review.serviceId, review.at),
      serviceId: review.serviceId,
      openedAt: review.at,
      open: true,
      seen: {
        direction: verdict.direction,
        reviews: noted.entries.length,
        extreme: verdict.extreme,
        signs: verdict.signs,
        authorIds: noted.authorIds,
      },
    };
    try {
      if (!(await this.windows.open(review.serviceId, alert._id))) return true;
    } catch (error) {
      this.logger.warn(`burst alert not opened, review published (${(error as Error).message})`);
      return false;
    }
    try {
      await this.alerts.insert(alert);
    } catch (error) {
      // An alert no admin could see or close must not hold reviews: Redis forgets it.
      await this.windows.close(review.serviceId, alert._id, new Date(0)).catch(() => undefined);
      this.logger.warn(`burst alert not stored, review published (${(error as Error).message})`);
      return false;
    }
    this.logger.log(`burst alert opened on service ${review.serviceId}`);
    try {
      await this.events.record('service.burst_detected', {
        actor: SYSTEM_ACTOR,
        serviceId: review.serviceId,
        before: null,
        after: snapshot(alert),
      });
      await this.cache.invalidate(serviceScope(review.serviceId));
    } catch (error) {
      // The alert holds reviews all the same, and the admins' list shows it.
      this.logger.warn(`burst alert opened without its event (${(error as Error).message})`);
    }
    return true;
  }

  /** The open alerts, oldest first, with their services' titles. */
  async listOpen(): Promise<ServiceAlertDto[]> {
    const open = await this.alerts.allOpen();
    return Promise.all(open.map((alert) => this.toDto(alert)));
  }

  /**
   * Closes the service's open alert: its new reviews publish again, its page drops the notice,
   * and the reviews the alert saw no longer count towards the next one.
   */
  async close(serviceId: string, admin: AuthUser): Promise<ServiceAlertDto> {
    const open = await this.alerts.openOf(serviceId);
    if (!open) throw new ApiError(404, 'This service has no open alert.', 'NO_OPEN_ALERT');
    const closedAt = new Date();
    try {
      await this.windows.close(serviceId, open._id, closedAt);
    } catch {
      throw new ApiError(503, 'The alert could not be closed just now: try again in a minute.');
    }
    const changed = await this.alerts.modify(open._id, (current) =>
      current.open ? { open: undefined, closedAt, closedBy: admin.id } : null,
    );
    if (!changed) throw new ApiError(404, 'This service has no open alert.', 'NO_OPEN_ALERT');
    await this.events.record('service.burst_closed', {
      actor: actorOf(admin),
      serviceId,
      before: snapshot(changed.before),
      after: snapshot(changed.after),
    });
    await this.cache.invalidate(serviceScope(serviceId));
    return this.toDto(changed.after);
  }

  private async toDto(alert: StoredAlert): Promise<ServiceAlertDto> {
    const service = await this.services.identity(alert.serviceId);
    return {
      _id: alert._id,
      serviceId: alert.serviceId,
      serviceTitle: service?.title ?? 'A removed service',
      openedAt: alert.openedAt,
      open: alert.open === true,
      ...(alert.closedAt ? { closedAt: alert.closedAt } : {}),
      direction: alert.seen.direction,
      reviews: alert.seen.reviews,
      extreme: alert.seen.extreme,
      signs: alert.seen.signs,
    };
  }
}
