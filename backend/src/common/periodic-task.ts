import type { Logger } from '@nestjs/common';

/**
 * Runs `work` every `intervalMs`, never two runs at once; a failed run is logged and the next one
 * tries again. `stop` waits for a run in progress, so it can finish before connections close.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly label: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start({ runNow = false }: { runNow?: boolean } = {}): void {
    if (runNow) this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.work()
      .catch((error: Error) => this.logger.warn(`${this.label}: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
