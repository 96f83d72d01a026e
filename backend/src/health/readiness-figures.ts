import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SCRAPE_DEADLINE_MS, healthReady } from '../common/metrics/metrics';
import { withTimeout } from '../common/with-timeout';
import { HealthChecks } from './health-checks';

/** health_ready: the readiness check run at scrape time, 0 when it fails or is late. */
@Injectable()
export class ReadinessFigures implements OnModuleInit, OnApplicationShutdown {
  private stop?: () => void;

  constructor(private readonly checks: HealthChecks) {}

  onModuleInit(): void {
    this.stop = healthReady.add(async (gauge) => {
      // Just within the scrape's deadline, so that a slow check reads as 0, not as missing.
      const ready = await withTimeout(this.checks.ready(), SCRAPE_DEADLINE_MS - 50).then(
        () => 1,
        () => 0,
      );
      gauge.set(ready);
    });
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}
