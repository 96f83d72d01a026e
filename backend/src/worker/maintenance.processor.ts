import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { RefreshSessions } from '../auth/refresh-sessions';
import { NotificationsService } from '../notifications/notifications.service';
import { MAINTENANCE_QUEUE } from '../queue/review-events';

const HOUR_MS = 3_600_000;
/** Read notifications are kept this long. */
export const READ_NOTIFICATION_DAYS = 30;

export const MAINTENANCE_JOBS = {
  expireSessions: 'expire-sessions',
  expireNotifications: 'expire-read-notifications',
} as const;

/** FerretDB has no TTL indexes: the worker removes expired sessions and old read notifications. */
@Processor(MAINTENANCE_QUEUE)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue,
    private readonly sessions: RefreshSessions,
    private readonly notifications: NotificationsService,
  ) {
    super();
  }

  /** Hourly schedules; upserting them keeps one schedule however many workers start. */
  async onApplicationBootstrap(): Promise<void> {
    for (const name of Object.values(MAINTENANCE_JOBS)) {
      await this.queue.upsertJobScheduler(name, { every: HOUR_MS }, { name });
    }
  }

  async process(job: Job): Promise<number> {
    const removed =
      job.name === MAINTENANCE_JOBS.expireSessions
        ? await this.sessions.deleteExpired()
        : await this.notifications.deleteReadOlderThan(READ_NOTIFICATION_DAYS);
    if (removed > 0) this.logger.log(`${job.name}: removed ${removed}`);
    return removed;
  }
}
