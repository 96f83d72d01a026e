import type { BeforeApplicationShutdown } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { queueJobDuration, queueJobFailures } from '../common/metrics/metrics';

/**
 * A BullMQ processor that finishes the job in hand on shutdown. @nestjs/bullmq closes workers in
 * `onApplicationShutdown`, the same phase in which mongoose closes its connection, so the job in
 * hand would fail half-way; closing the worker first lets it complete. Each job is measured
 * (queue_job_duration_seconds, queue_job_failures_total); subclasses do its work in `work`.
 */
export abstract class GracefulWorkerHost extends WorkerHost implements BeforeApplicationShutdown {
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  async process(job: Job): Promise<unknown> {
    const started = performance.now();
    try {
      return await this.work(job);
    } catch (error) {
      queueJobFailures.labels(job.queueName).inc();
      throw error;
    } finally {
      queueJobDuration.labels(job.queueName).observe((performance.now() - started) / 1000);
    }
  }

  protected abstract work(job: Job): Promise<unknown>;
}
