import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { REDIS_CLIENT } from '../infrastructure/redis.module';

/**
 * Fixed-window counters in Redis for limits keyed by something other than the caller (an
 * e-mail address asked about). Past the limit: 429 with a sentence; a Redis outage lets the
 * attempt through, as the route limits do.
 */
@Injectable()
export class AttemptLimit {
  private readonly logger = new Logger(AttemptLimit.name);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async count(
    bucket: string,
    subject: string,
    limit: number,
    windowSeconds: number,
  ): Promise<void> {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    const key = `${this.config.redis.prefix}:attempts:${bucket}:${subject}:${window}`;
    let count: number;
    try {
      const [[, incremented]] = (await this.redis
        .multi()
        .incr(key)
        .expire(key, windowSeconds + 1)
        .exec()) as [[unknown, number]];
      count = incremented;
    } catch (error) {
      this.logger.warn(`attempt limit skipped: ${(error as Error).message}`);
      return;
    }
    if (count > limit) {
      const minutes = Math.max(
        1,
        Math.ceil(((window + 1) * windowSeconds - Date.now() / 1000) / 60),
      );
      throw new ApiError(
        429,
        `Too many attempts for this address; please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}
