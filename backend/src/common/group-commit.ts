interface Waiting<T> {
  item: T;
  done: (error?: Error) => void;
}

export interface GroupCommitOptions {
  /**
   * How long a flush may wait for the callers of the previous batch to come back, while fewer
   * items wait than that batch held plus those that came during its flush: steady writers (each
   * writing again once answered) then share one flush instead of taking turns in two half-sized
   * ones. A lone caller never waits. 0 (the default) flushes at once.
   */
  lingerMs?: number;
  /**
   * The least time from one flush's start to the next: items added meanwhile wait and go in one
   * flush, so documents that many callers change (a service's rating counters) are written a few
   * times a second however many callers there are. A flush after a pause starts at once. 0 (the
   * default) flushes as soon as the last one ends.
   */
  intervalMs?: number;
}

/**
 * Group commit: items added while a flush runs wait and go together in the next one, so
 * concurrent callers share its round trips. An idle group commit starts its flush on the next
 * turn of the event loop, so items added at the same moment (the events of one job, the replies
 * of one read) go together in it instead of the first going alone. Each `add` settles when the
 * flush that took its item ends, with that flush's error if it failed.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  private flushing = false;
  /** How many callers are likely to come for the next flush (see `drain`). */
  private expected = 1;
  private arrived?: () => void;
  private lastFlushAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly maxBatch: number,
    private readonly options: GroupCommitOptions = {},
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, done: (error) => (error ? reject(error) : resolve()) });
      if (this.waiting.length >= this.expected) this.arrived?.();
      if (!this.flushing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.flushing = true;
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      // Only a flush that lingers yields here: one that does not takes what waits now.
      if (this.lingers()) await this.linger();
      await this.spaced();
      const batch = this.waiting.splice(0, this.maxBatch);
      const error = await this.flush(batch.map((entry) => entry.item)).then(
        () => undefined,
        (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
      );
      // The batch's callers will come back, and those that came meanwhile wait already: both
      // belong in the next batch. Counting only the batch, writers split into two cohorts
      // that took turns would stay split.
      this.expected = Math.min(batch.length + this.waiting.length, this.maxBatch);
      for (const entry of batch) entry.done(error);
    }
    this.flushing = false;
  }

  private lingers(): boolean {
    return (this.options.lingerMs ?? 0) > 0 && this.waiting.length < this.expected;
  }

  /** Waits until `intervalMs` have passed since the last flush started. */
  private async spaced(): Promise<void> {
    const wait = this.lastFlushAt + (this.options.intervalMs ?? 0) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastFlushAt = Date.now();
  }

  /** Waits, up to `lingerMs`, until as many items wait as are expected. */
  private async linger(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.lingerMs);
      this.arrived = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.arrived = undefined;
  }
}
