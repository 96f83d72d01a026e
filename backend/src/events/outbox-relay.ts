import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { OutboxService } from './outbox.service';

export const RELAY_INTERVAL_MS = 2000;

/** Publishes unpublished outbox events at start-up and every couple of seconds. */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(outbox: OutboxService) {
    this.task = new PeriodicTask(
      'outbox relay',
      RELAY_INTERVAL_MS,
      () => outbox.publishPending(),
      new Logger(OutboxRelay.name),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start({ runNow: true });
  }

  /** Before the connections close, so a publish in progress can finish. */
  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
