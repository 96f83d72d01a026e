import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { webhookRetryDelay } from '../webhooks/webhook-backoff';
import { WEBHOOKS_QUEUE } from '../webhooks/webhook-events';
import type { WebhookJob } from '../webhooks/webhook-jobs';
import { WebhookTries } from '../webhooks/webhook-tries';
import { GracefulWorkerHost } from './graceful-worker-host';

/**
 * Consumes `webhooks`: each job is one try of a delivery; a failed try fails the job, which
 * BullMQ tries again after webhookRetryDelay (WEBHOOKS_RETRY_BASE_MS, doubling) up to
 * WEBHOOK_ATTEMPTS times. It starts once its back-off is set from the configuration.
 */
@Processor(WEBHOOKS_QUEUE, { concurrency: 8, autorun: false })
export class WebhookDeliveriesProcessor
  extends GracefulWorkerHost
  implements OnApplicationBootstrap
{
  private readonly logger = new Logger(WebhookDeliveriesProcessor.name);

  constructor(
    private readonly tries: WebhookTries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    const baseMs = this.config.webhooks.retryBaseMs;
    this.worker.opts.settings = {
      backoffStrategy: (attemptsMade: number) => webhookRetryDelay(attemptsMade, baseMs),
    };
    this.worker.run().catch((error: Error) => this.logger.error(`webhooks: ${error.message}`));
  }

  protected async work(job: Job<WebhookJob>): Promise<void> {
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const result = await this.tries.attempt(job.data.deliveryId, job.data.endpointId, last);
    if (result === 'retry') throw new Error(`delivery ${job.data.deliveryId} failed; retrying`);
    if (result === 'stopped') throw new UnrecoverableError('the webhook is off or gone');
  }
}
