import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type Redis from 'ioredis';
import { withTimeout } from '../common/with-timeout';
import { REDIS_CLIENT } from '../common/redis-client';
import { HEALTH_DEADLINE_MS } from './health-deadline';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async isHealthy(key: string) {
    const indicator = this.indicators.check(key);
    try {
      const answer = await withTimeout(this.redis.ping(), HEALTH_DEADLINE_MS);
      return answer === 'PONG'
        ? indicator.up()
        : indicator.down({ message: `PING answered ${answer}` });
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }
}
