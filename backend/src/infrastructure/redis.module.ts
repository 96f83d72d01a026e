import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { REDIS_CLIENT } from '../common/redis-client';
import { defineWindowCounterCommands } from '../common/rate-limit/window-counter';

/** A Redis command that has not answered by then fails, so no request waits on a stuck Redis. */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

/** Connects and fails fast, so an unreachable REDIS_URL stops start-up with a clear message. */
export async function connectRedis(config: AppConfig): Promise<Redis> {
  const client = new Redis(config.redis.url, {
    lazyConnect: true,
    connectTimeout: 5000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Commands issued in the same turn of the event loop (concurrent requests' rate-limit counts,
    // a group's locks) go in one write: system calls cost more here than the commands.
    enableAutoPipelining: true,
  });
  client.on('error', () => undefined); // reported by health checks and by the calls that fail
  defineWindowCounterCommands(client);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new RedisUnreachableError(config.redis.url, error);
  }
  return client;
}

export class RedisUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '');
    super(`Cannot reach Redis at ${redactUrl(url)} (REDIS_URL): ${reason}.`);
  }
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

@Global()
@Module({
  providers: [{ provide: REDIS_CLIENT, inject: [APP_CONFIG], useFactory: connectRedis }],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Checked before the app is built: BullMQ's own connections would otherwise print raw
 * connection errors before the one-sentence start-up message.
 */
export async function assertRedisReachable(config: AppConfig): Promise<void> {
  const client = await connectRedis(config);
  client.disconnect();
}
