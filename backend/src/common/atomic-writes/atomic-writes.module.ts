import { Global, Module } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Connection } from 'mongoose';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../redis-client';
import { AtomicDocuments, STORE_KIND } from './atomic-documents';
import { KeyLock } from './key-lock';
import { detectStoreKind } from './store-kind';

/** Per-document atomic read-modify-write for every module (see AtomicDocuments). */
@Global()
@Module({
  providers: [
    {
      provide: STORE_KIND,
      inject: [getConnectionToken()],
      useFactory: (connection: Connection) => detectStoreKind(connection),
    },
    {
      provide: KeyLock,
      inject: [REDIS_CLIENT, APP_CONFIG],
      useFactory: (redis: Redis, config: AppConfig) =>
        new KeyLock(redis, config.redis.prefix, { ttlMs: 5000, waitMs: 8000 }),
    },
    AtomicDocuments,
  ],
  exports: [AtomicDocuments, KeyLock, STORE_KIND],
})
export class AtomicWritesModule {}
