import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ConfigModule } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { databaseTimeLimits } from './database-time-limits';
import { RedisModule } from './redis.module';
import { StorageIndexes } from './storage-indexes';
import { watchStore } from './store-metrics';
import { AppLogger } from './app-logger';
import { ReadCacheModule } from '../common/read-cache/read-cache.module';
import { AtomicWritesModule } from '../common/atomic-writes/atomic-writes.module';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG } from '../config/config.module';

/**
 * The most connections each kind of process opens to MongoDB. The embedded FerretDB runs 20
 * commands at once whoever sends them (docs/operations.md), so more would only wait there; the
 * worker's concurrent jobs each send one query at a time or a few at once.
 */
const MONGO_POOL_SIZES = { api: 32, worker: 16, cli: 8 };

type ProcessKind = keyof typeof MONGO_POOL_SIZES;

/** Probes and scrapes, not logged: health checks and Prometheus's scrapes. */
const UNLOGGED_PATHS = /^\/api\/(health|metrics)(\/|\?|$)/;

/** What the HTTP app, the worker and the CLIs stand on: configuration, logs, MongoDB and Redis. */
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, kind: ProcessKind): DynamicModule {
    return {
      module: InfrastructureModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: config.logLevel,
            transport:
              config.env === 'development' && process.stdout.isTTY
                ? { target: 'pino-pretty', options: { singleLine: true } }
                : undefined,
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: req.url,
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            genReqId: (req: IncomingMessage) =>
              (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'res.headers["set-cookie"]',
            ],
            autoLogging: {
              ignore: (req: IncomingMessage) => UNLOGGED_PATHS.test(req.url ?? ''),
            },
          },
        }),
        MongooseModule.forRoot(config.mongoUrl, {
          ...databaseTimeLimits(config.limits.dbTimeoutMs),
          maxPoolSize: MONGO_POOL_SIZES[kind],
          retryAttempts: 0,
          // StorageIndexes creates them, fewer on FerretDB.
          autoIndex: false,
          // StorageIndexes creates the missing collections; mongoose would try every model's on
          // every start, and FerretDB logs a NamespaceExists error for each that exists.
          autoCreate: false,
          monitorCommands: true,
          onConnectionCreate: watchStore,
        }),
        RedisModule,
        ReadCacheModule,
        AtomicWritesModule,
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (appConfig: AppConfig) => ({
            connection: { url: appConfig.redis.url },
            prefix: appConfig.redis.prefix,
          }),
        }),
      ],
      providers: [StorageIndexes, AppLogger],
      exports: [ConfigModule, RedisModule, AppLogger],
    };
  }
}
