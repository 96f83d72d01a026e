import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { Connection } from 'mongoose';
import { withTimeout } from '../common/with-timeout';
import { HEALTH_DEADLINE_MS } from './health-deadline';

/**
 * A collection every process creates at start-up (its unique index on e-mail), so that the read
 * below reaches FerretDB's PostgreSQL: on a missing collection, or for a `ping`, FerretDB answers
 * from memory, and said "up" while every real query hung.
 */
const PROBE_COLLECTION = 'users';
const PROBE_ID = 'readiness-probe';

/** Whether MongoDB answers a real read (an `_id` lookup) within the health deadline. */
@Injectable()
export class StoreHealthIndicator {
  /**
   * The read still waiting for its answer, if any. Checks arriving meanwhile wait for it instead
   * of sending their own, so a wedged store holds one of the pool's connections, not one per check.
   */
  private pending: Promise<unknown> | undefined;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async isReadable(key: string) {
    const indicator = this.indicators.check(key);
    try {
      await withTimeout(this.read(), HEALTH_DEADLINE_MS);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }

  private read(): Promise<unknown> {
    const db = this.connection.db;
    if (!db) return Promise.reject(new Error('not connected'));
    this.pending ??= db
      .collection<{ _id: string }>(PROBE_COLLECTION)
      .findOne({ _id: PROBE_ID }, { maxTimeMS: HEALTH_DEADLINE_MS })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }
}
