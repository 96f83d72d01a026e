import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { EventOutbox } from './event-outbox';

export const RELAY_INTERVAL_MS = 2000;

/** Publishes unpublished outbox events at start-up and every couple of seconds. */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(private readonly outbox: EventOutbox) {}

  onApplicationBootstrap(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), RELAY_INTERVAL_MS);
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.outbox
      .publishPending()
      .catch((error: Error) => this.logger.warn(`outbox relay: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  /** Before the connections close, so a publish in progress can finish. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
