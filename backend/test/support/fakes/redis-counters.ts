import type { ChainableCommander } from 'ioredis';

type PipelineAnswers = ReturnType<ChainableCommander['exec']>;

/** A pipeline of INCRBY and EXPIRE, run against the counters when executed. */
class CountersPipeline {
  private readonly commands: (() => number)[] = [];

  constructor(private readonly redis: InMemoryRedisCounters) {}

  incrby(key: string, by: number): this {
    this.commands.push(() => this.redis.add(key, by));
    return this;
  }

  /** Counters never expire here: a test's deliveries all fall in one window. */
  expire(_key: string, _seconds: number): this {
    this.commands.push(() => 1);
    return this;
  }

  async exec(): PipelineAnswers {
    if (this.redis.down) throw new Error('Connection is closed.');
    return this.commands.map((command) => [null, command()]);
  }
}

/**
 * Redis as a pipeline of counters (INCRBY, EXPIRE), in memory; `down` makes every pipeline
 * fail as when Redis does not answer.
 */
export class InMemoryRedisCounters {
  private readonly counters = new Map<string, number>();
  down = false;

  pipeline(): CountersPipeline {
    return new CountersPipeline(this);
  }

  add(key: string, by: number): number {
    const value = (this.counters.get(key) ?? 0) + by;
    this.counters.set(key, value);
    return value;
  }
}
