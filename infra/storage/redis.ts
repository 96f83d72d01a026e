import { mkdirSync } from 'node:fs';
import Redis from 'ioredis';
import { ensureCommand } from './debian-packages';
import { answeringOrStopped, startManaged, type Service } from './processes';

export async function pingRedis(url: string, timeoutMs = 1000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    // A stopped server accepts the connection and never answers.
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Makes sure `redis-server` is on the PATH, installing Debian's package when we are root. */
export function ensureRedisServer(log: (line: string) => void = console.log): Promise<void> {
  return ensureCommand(
    'redis-server',
    'redis-server',
    'No Redis answers and redis-server is missing: install Redis (Debian: apt-get install redis-server) or set REDIS_URL',
    log,
  );
}

export interface RedisServerOptions {
  port: number;
  dataDir: string;
  /** Append-only persistence; throwaway test servers keep nothing. */
  persistent: boolean;
  quiet?: boolean;
}

/** Starts our own redis-server on 127.0.0.1 and resolves once it answers PING. */
export async function startRedisServer(
  options: RedisServerOptions,
): Promise<Service & { url: string }> {
  await ensureRedisServer();
  mkdirSync(options.dataDir, { recursive: true });
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--dir',
    options.dataDir,
    '--save',
    '',
    '--appendonly',
    options.persistent ? 'yes' : 'no',
    '--daemonize',
    'no',
  ];
  const managed = startManaged('redis', 'redis-server', args, {
    quiet: options.quiet ?? true,
    detached: true,
  });
  const url = `redis://127.0.0.1:${options.port}`;
  await answeringOrStopped(
    managed,
    `redis-server on port ${options.port}`,
    () => pingRedis(url),
    15_000,
  );
  return {
    ...managed,
    url,
    ready: () => pingRedis(url),
    startAgain: () => startRedisServer(options),
  };
}
