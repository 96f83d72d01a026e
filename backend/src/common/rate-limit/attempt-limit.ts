import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { ApiError } from '../api-error';
import { rateLimitRefusals } from '../metrics/metrics';
import { REDIS_CLIENT } from '../redis-client';
import { countInWindow, type WindowCount } from './window-counter';

/**
 * Limits a route cannot express: keyed by what is asked about (an e-mail address), or over a
 * longer window than a minute. Past the limit: 429 with a sentence; a Redis outage lets the
 * attempt through, as the route limits do.
 */
@Injectable()
export class AttemptLimit {
  private readonly logger = new Logger(AttemptLimit.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts an attempt at `bucket` by `subject`; `tooMany` starts the 429's sentence. */
  async count(
    bucket: string,
    subject: string,
    limit: number,
    windowSeconds: number,
    tooMany = 'Too many attempts for this address',
  ): Promise<void> {
    const key = `${this.config.redis.prefix}:attempts:${bucket}:${subject}`;
    let counted: WindowCount;
    try {
      counted = await countInWindow(this.redis, key, windowSeconds);
    } catch (error) {
      this.logger.warn(`attempt limit skipped: ${(error as Error).message}`);
      return;
    }
    if (counted.count > limit) {
      rateLimitRefusals.labels(bucket).inc();
      const minutes = Math.ceil(counted.retryAfter / 60);
      throw new ApiError(
        429,
        `${tooMany}; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}
