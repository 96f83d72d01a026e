import type Redis from 'ioredis';
import { GenerationStore, parseBump } from './generations';

/**
 * How many scopes a process holds at most: one per service and per author read, so a site with
 * many users would otherwise grow it without end. A scope forgotten is read from Redis again
 * when next asked for.
 */
const MAX_HELD_SCOPES = 50_000;

interface Held {
  generation: string;
  /** The `sequence` when it was set: a load must not overwrite a bump that arrived meanwhile. */
  sequence: number;
}

/**
 * This process's copy of the generations it has read (one per scope: the lists and each
 * service read), kept fresh by the bumps every writer publishes, so a cached read costs no
 * Redis round trip. Redis stays the source of truth: the copy is trusted only while its
 * subscription is up; after every (re)subscription it reloads what it holds before answering
 * again, and meanwhile callers read Redis as before.
 */
export class GenerationMirror {
  /** Its own connection: a subscribed connection can run no other command. Tests cut it. */
  readonly subscriber: Redis;
  private readonly held = new Map<string, Held>();
  /** Scopes being read from Redis: bumps for them are kept even before they are held. */
  private readonly loading = new Map<string, number>();
  /** Goes up with every bump applied and every (re)subscription. */
  private sequence = 0;
  /** Goes up whenever the subscription drops, so a reload from before does not count. */
  private connection = 0;
  private live = false;

  constructor(
    redis: Redis,
    private readonly store: GenerationStore,
    private readonly maxScopes = MAX_HELD_SCOPES,
  ) {
    this.subscriber = redis.duplicate({
      lazyConnect: true,
      autoResubscribe: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    this.subscriber.on('error', () => undefined); // the reconnect loop handles it
    this.subscriber.on('ready', () => void this.resubscribe());
    this.subscriber.on('close', () => {
      this.live = false;
      this.connection += 1;
    });
    this.subscriber.on('message', (_channel: string, message: string) => this.onBump(message));
  }

  /** True while bumps arrive: the copy then answers alone. */
  get connected(): boolean {
    return this.live;
  }

  start(): void {
    this.subscriber.connect().catch(() => undefined); // ioredis keeps retrying
  }

  async stop(): Promise<void> {
    this.live = false;
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** The scopes' generations from the copy, or undefined when it cannot answer alone. */
  current(scopes: string[]): string[] | undefined {
    if (!this.live) return undefined;
    const generations: string[] = [];
    for (const scope of scopes) {
      const held = this.held.get(scope);
      if (!held) return undefined;
      generations.push(held.generation);
    }
    return generations;
  }

  /** The scopes' generations from Redis; kept in the copy while subscribed. */
  async load(scopes: string[]): Promise<string[]> {
    if (!this.live) return this.store.read(scopes);
    return this.reload(scopes);
  }

  /** This process's own bump, applied at once (its published copy may arrive later). */
  applyOwn(scopes: string[], generations: string[]): void {
    scopes.forEach((scope, index) => {
      const held = this.held.get(scope);
      // Forward only: another writer's later bump may already have arrived.
      if (held && Number(generations[index]) > Number(held.generation)) {
        this.held.set(scope, { generation: generations[index], sequence: ++this.sequence });
      }
    });
  }

  private onBump(message: string): void {
    const bump = parseBump(message);
    if (!bump) return;
    const [scope, generation] = bump;
    // Bumps arrive in the order Redis made them, so the last one is the current generation.
    if (this.held.has(scope) || this.loading.has(scope)) {
      this.held.set(scope, { generation, sequence: ++this.sequence });
    }
  }

  private async resubscribe(): Promise<void> {
    const connection = this.connection;
    try {
      await this.subscriber.subscribe(this.store.channel);
      this.sequence += 1; // loads begun before now must not overwrite what this one reads
      if (this.held.size > 0) await this.reload([...this.held.keys()]);
      if (connection === this.connection) this.live = true;
    } catch {
      // The connection dropped again; its next 'ready' retries.
    }
  }

  /**
   * Forgets the scopes held longest while more than `maxScopes` are held. A scope being loaded
   * stays: its load keeps the bumps that came meanwhile there.
   */
  private forgetOldest(): void {
    for (const scope of this.held.keys()) {
      if (this.held.size <= this.maxScopes) return;
      if (!this.loading.has(scope)) this.held.delete(scope);
    }
  }

  private async reload(scopes: string[]): Promise<string[]> {
    const since = this.sequence;
    const connection = this.connection;
    for (const scope of scopes) this.loading.set(scope, (this.loading.get(scope) ?? 0) + 1);
    try {
      const generations = await this.store.read(scopes);
      // Read before the subscription dropped: bumps may have been missed since.
      if (connection !== this.connection) return generations;
      return scopes.map((scope, index) => {
        const held = this.held.get(scope);
        if (held && held.sequence > since) return held.generation;
        this.held.set(scope, { generation: generations[index], sequence: since });
        return generations[index];
      });
    } finally {
      this.forgetOldest();
      for (const scope of scopes) {
        const count = (this.loading.get(scope) ?? 1) - 1;
        if (count > 0) this.loading.set(scope, count);
        else this.loading.delete(scope);
      }
    }
  }
}
