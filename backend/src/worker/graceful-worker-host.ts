import type { BeforeApplicationShutdown } from '@nestjs/common';
import { WorkerHost } from '@nestjs/bullmq';

/**
 * A BullMQ processor that finishes the job in hand on shutdown. @nestjs/bullmq closes workers in
 * `onApplicationShutdown`, the same phase in which mongoose closes its connection, so the job in
 * hand would fail half-way; closing the worker first lets it complete.
 */
export abstract class GracefulWorkerHost extends WorkerHost implements BeforeApplicationShutdown {
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
