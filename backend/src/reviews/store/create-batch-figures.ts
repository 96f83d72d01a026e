import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { pendingCreateBatches } from '../../common/metrics/metrics';
import { ReviewCreateBatchesRepository } from './review-create-batches.repository';

/** The batches of new reviews waiting to be settled, counted at scrape time where they wait. */
@Injectable()
export class CreateBatchFigures implements OnModuleInit, OnApplicationShutdown {
  private readonly stops: (() => void)[] = [];

  constructor(private readonly batches: ReviewCreateBatchesRepository) {}

  onModuleInit(): void {
    this.stops.push(
      pendingCreateBatches.add(async (gauge) =>
        gauge.set({ stored_in: 'redis' }, await this.batches.countInRedis()),
      ),
      pendingCreateBatches.add(async (gauge) =>
        gauge.set({ stored_in: 'store' }, await this.batches.countInStorage()),
      ),
    );
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
