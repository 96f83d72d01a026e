import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../common/redis-client';
import { countInWindow } from '../common/rate-limit/window-counter';

/**
 * Mass-report protection: counts reports from new or low-standing accounts per service and per
 * reviewed author in a sliding window (in Redis, shared by every replica). Past the limit, such
 * reports are held for an admin instead of counting towards the flag.
 */
@Injectable()
export class ReportBursts {
  private readonly logger = new Logger(ReportBursts.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one low-standing report; answers why it is held, or null when it counts. */
  async count(serviceId: string, authorId: string): Promise<string | null> {
    const { burstLimit, burstWindowMs } = this.config.reports;
    const seconds = Math.round(burstWindowMs / 1000);
    const prefix = `${this.config.redis.prefix}:report-bursts`;
    try {
      const [service, author] = await Promise.all([
        countInWindow(this.redis, `${prefix}:service:${serviceId}`, seconds),
        countInWindow(this.redis, `${prefix}:author:${authorId}`, seconds),
      ]);
      const minutes = Math.round(seconds / 60);
      if (service.count > burstLimit) {
        return `Mass reporting: ${service.count} reports on this service from new or low-standing accounts within ${minutes} minutes`;
      }
      if (author.count > burstLimit) {
        return `Mass reporting: ${author.count} reports on this author's reviews from new or low-standing accounts within ${minutes} minutes`;
      }
      return null;
    } catch (error) {
      // Without Redis the report is held: an outage must not let a burst hide reviews.
      this.logger.warn(`report burst count failed: ${(error as Error).message}`);
      return 'Held for an admin: the burst check was unavailable';
    }
  }
}
