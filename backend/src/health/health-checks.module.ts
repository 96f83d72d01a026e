import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthChecks } from './health-checks';
import { RedisHealthIndicator } from './redis.health';
import { StoreHealthIndicator } from './store.health';
import { ReadinessFigures } from './readiness-figures';

/** The live and ready checks, for the API's routes and the worker's health port. */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [HealthChecks, StoreHealthIndicator, RedisHealthIndicator, ReadinessFigures],
  exports: [HealthChecks],
})
export class HealthChecksModule {}
