import { Injectable } from '@nestjs/common';
import { HealthCheckService } from '@nestjs/terminus';
import { RedisHealthIndicator } from './redis.health';
import { StoreHealthIndicator } from './store.health';

/**
 * The checks both processes answer: live (the process answers, touching no storage) and ready
 * (MongoDB answers a read and Redis a PING). Ready throws a 503 naming what is down.
 */
@Injectable()
export class HealthChecks {
  constructor(
    private readonly health: HealthCheckService,
    private readonly store: StoreHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  live() {
    return this.health.check([]);
  }

  ready() {
    return this.health.check([
      () => this.store.isReadable('mongodb'),
      () => this.redis.isHealthy('redis'),
    ]);
  }
}
