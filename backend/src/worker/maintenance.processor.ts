import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { SessionsService } from '../auth/sessions.service';
import { MAINTENANCE_QUEUE } from '../events/review-events';
import { AccountTokensRepository } from '../auth/account-tokens.repository';
import { ScoreRefresh } from '../services/score-refresh';
import { InvitationsService } from '../invitations/invitations.service';
import { GracefulWorkerHost } from './graceful-worker-host';
import { reportQueue } from '../events/queue-figures';

const HOUR_MS = 3_600_000;

export const MAINTENANCE_JOBS = {
  expireSessions: 'expire-sessions',
  expireAccountTokens: 'expire-account-tokens',
  refreshScores: 'refresh-scores',
  expireInvitations: 'expire-invitations',
} as const;

/**
 * Jobs no longer run, whose schedules are removed: notifications are capped per user, and
 * published outbox events are deleted at once.
 */
const RETIRED_JOBS = ['expire-read-notifications', 'expire-published-outbox'];

type MaintenanceJob = (typeof MAINTENANCE_JOBS)[keyof typeof MAINTENANCE_JOBS];

/**
 * FerretDB has no TTL indexes: the worker removes expired sessions, unused e-mailed links and
 * expired customer invitations. It
 * also brings the services' stored fair scores up to date (ScoreRefresh).
 */
@Processor(MAINTENANCE_QUEUE)
export class MaintenanceProcessor
  extends GracefulWorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    @InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue,
    private readonly sessions: SessionsService,
    private readonly accountTokens: AccountTokensRepository,
    private readonly scores: ScoreRefresh,
    private readonly invitations: InvitationsService,
  ) {
    super();
  }

  private readonly tasks: Record<MaintenanceJob, () => Promise<number>> = {
    [MAINTENANCE_JOBS.expireSessions]: () => this.sessions.deleteExpired(),
    [MAINTENANCE_JOBS.expireAccountTokens]: () => this.accountTokens.deleteExpired(),
    [MAINTENANCE_JOBS.refreshScores]: () => this.scores.run(),
    [MAINTENANCE_JOBS.expireInvitations]: () => this.invitations.deleteExpired(),
  };

  private stopFigures?: () => void;

  /** Hourly schedules; upserting them keeps one schedule however many workers start. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopFigures = reportQueue(this.queue);
    for (const name of Object.values(MAINTENANCE_JOBS)) {
      await this.queue.upsertJobScheduler(name, { every: HOUR_MS }, { name });
    }
    for (const name of RETIRED_JOBS) await this.queue.removeJobScheduler(name);
  }

  onApplicationShutdown(): void {
    this.stopFigures?.();
  }

  protected async work(job: Job): Promise<number> {
    const task = this.tasks[job.name as MaintenanceJob];
    if (!task) throw new Error(`Unknown maintenance job ${job.name}`);
    const changed = await task();
    if (changed > 0) this.logger.log(`${job.name}: ${changed}`);
    return changed;
  }
}
