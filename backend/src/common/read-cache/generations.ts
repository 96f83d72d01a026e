import { randomInt } from 'node:crypto';
import type { Redis, Result } from 'ioredis';

/**
 * Bumps each key and publishes "<scope> <generation>" on the channel, in one atomic step: the
 * bumps reach subscribers in the order Redis made them. `%d` keeps big generations whole
 * (Lua would print them in exponent notation).
 */
const BUMP_AND_PUBLISH = `
local bumped = {}
for index, key in ipairs(KEYS) do
  local generation = redis.call('INCR', key)
  bumped[index] = generation
  redis.call('PUBLISH', ARGV[1], ARGV[index + 1] .. ' ' .. string.format('%d', generation))
end
return bumped`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    /** BUMP_AND_PUBLISH: the number of keys, the keys, the channel, then each key's scope. */
    bumpAndPublish(numberOfKeys: number, ...keysAndArgs: string[]): Result<number[], Context>;
  }
}

/** Where the generations of the cache's scopes live in Redis, and the channel of their bumps. */
export class GenerationStore {
  readonly channel: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.channel = `${prefix}:cache:bumps`;
    // Sent by its digest (EVALSHA) after the first call, not as a script on every bump.
    this.redis.defineCommand('bumpAndPublish', { lua: BUMP_AND_PUBLISH });
  }

  keyOf(scope: string): string {
    return `${this.prefix}:cache:${scope}`;
  }

  /**
   * The scopes' current generations, in one Redis round trip. A missing one (a new or flushed
   * Redis) starts at a random value, so answers cached before a flush never match again.
   */
  async read(scopes: string[]): Promise<string[]> {
    const keys = scopes.map((scope) => this.keyOf(scope));
    const values = await this.redis.mget(...keys);
    const missing = keys.filter((_, index) => values[index] === null);
    if (missing.length === 0) return values as string[];
    const pipeline = this.redis.pipeline();
    for (const key of missing) pipeline.set(key, randomInt(2 ** 47), 'NX');
    await pipeline.exec();
    return (await this.redis.mget(...keys)) as string[];
  }

  /** Bumps the scopes and tells every subscriber; answers their new generations. */
  async bump(scopes: string[]): Promise<string[]> {
    const keys = scopes.map((scope) => this.keyOf(scope));
    const bumped = await this.redis.bumpAndPublish(keys.length, ...keys, this.channel, ...scopes);
    return bumped.map(String);
  }
}

/** A published bump: the scope and its new generation. */
export function parseBump(message: string): [string, string] | undefined {
  const space = message.lastIndexOf(' ');
  return space > 0 ? [message.slice(0, space), message.slice(space + 1)] : undefined;
}
