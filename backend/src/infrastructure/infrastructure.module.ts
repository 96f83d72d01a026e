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
import { ReadCacheModule } from '../common/read-cache/read-cache.module';
import { AtomicWritesModule } from '../common/atomic-writes/atomic-writes.module';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG } from '../config/config.module';

/** What both the HTTP app and the worker stand on: configuration, logs, MongoDB and Redis. */
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig): DynamicModule {
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
              ignore: (req: IncomingMessage) => req.url?.startsWith('/api/health') ?? false,
            },
          },
        }),
        MongooseModule.forRoot(config.mongoUrl, {
          ...databaseTimeLimits(config.limits.dbTimeoutMs),
          retryAttempts: 0,
          // StorageIndexes creates them, fewer on FerretDB.
          autoIndex: false,
          // Collections appear with their first index or document; creating them on every start
          // only makes FerretDB log a NamespaceExists error per model.
          autoCreate: false,
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
      providers: [StorageIndexes],
      exports: [ConfigModule, RedisModule],
    };
  }
}
