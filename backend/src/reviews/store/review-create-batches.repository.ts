import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { isStorageFailure } from '../../common/limits/storage-failure';
import { packed, unpacked } from '../../common/packed-json';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { REDIS_CLIENT } from '../../common/redis-client';
import type { DomainEvent } from '../../events/review-events';
import { ReviewCreateBatch } from './review-create-batch.schema';

/** Where a batch was recorded: Redis, or the storage while Redis could not take it. */
export interface BatchRecord {
  id: string;
  inRedis: boolean;
}

/** A batch as the relay reads it: its creation events unpacked. */
export interface WaitingBatch extends BatchRecord {
  createdAt: Date;
  events: DomainEvent[];
}

/** The Redis hash of the batches waiting, under the app's key prefix. */
export function createBatchesKey(prefix: string): string {
  return `${prefix}:review-create-batches`;
}

/**
 * The batches of new reviews not settled yet, with their creation events: one field per batch
 * of a Redis hash, which costs a create far less than a storage document written and deleted
 * per batch; the `review_create_batches` collection while Redis is down (the relay settles
 * those once it is back). Redis keeps its data on disk (append-only) like the queue it feeds.
 */
@Injectable()
export class ReviewCreateBatchesRepository {
  constructor(
    @InjectModel(ReviewCreateBatch.name) private readonly batches: Model<ReviewCreateBatch>,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get key(): string {
    return createBatchesKey(this.config.redis.prefix);
  }

  async insert(id: string, events: DomainEvent[]): Promise<BatchRecord> {
    const createdAt = new Date();
    try {
      await this.redis.hset(this.key, id, packed({ createdAt, events }));
      return { id, inRedis: true };
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
    }
    // Built whole here, so inserted as built: no mongoose document, casting or validation.
    await this.batches.insertMany([{ _id: id, events: packed(events), createdAt, waiting: true }], {
      lean: true,
    });
    return { id, inRedis: false };
  }

  async remove(record: BatchRecord): Promise<void> {
    if (record.inRedis) await this.redis.hdel(this.key, record.id);
    else await this.batches.deleteOne({ _id: record.id }).exec();
  }

  /**
   * Batches still waiting, oldest first: those of the storage, and those of Redis unless it is
   * down (they wait there for it); only those recorded at `recordedBy` or before, when given
   * (filtered here: FerretDB reads the whole collection for a range).
   */
  async waiting(recordedBy?: Date): Promise<WaitingBatch[]> {
    const [inRedis, inStorage] = await Promise.all([
      this.waitingInRedis().catch((error: unknown) => {
        if (isStorageFailure(error)) return [];
        throw error;
      }),
      this.batches
        .find({ waiting: true })
        .sort({ createdAt: 1 })
        .lean<ReviewCreateBatch[]>()
        .exec(),
    ]);
    return [
      ...inRedis,
      ...inStorage.map((batch) => ({
        id: batch._id,
        inRedis: false,
        createdAt: batch.createdAt,
        events: unpacked<DomainEvent[]>(batch.events),
      })),
    ].filter((batch) => !recordedBy || batch.createdAt <= recordedBy);
  }

  /** How many batches wait in Redis (figures at scrape time). */
  countInRedis(): Promise<number> {
    return this.redis.hlen(this.key);
  }

  /** How many batches wait in the storage, recorded there while Redis was down. */
  countInStorage(): Promise<number> {
    return this.batches.countDocuments({ waiting: true }).exec();
  }

  /**
   * The hash's batches, oldest first. The whole hash is scanned: one HSCAN from cursor 0 sees
   * only its first buckets (packed events make it a hash table), so a batch further on, left by a
   * process that died, waited behind the young ones until Redis lost it.
   */
  private async waitingInRedis(): Promise<WaitingBatch[]> {
    const batches: WaitingBatch[] = [];
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.hscan(this.key, cursor, 'COUNT', 100);
      for (let index = 0; index + 1 < flat.length; index += 2) {
        const { createdAt, events } = unpacked<{ createdAt: Date; events: DomainEvent[] }>(
          flat[index + 1],
        );
        batches.push({ id: flat[index], inRedis: true, createdAt, events });
      }
      cursor = next;
    } while (cursor !== '0');
    return batches.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
}
