interface Waiting<T> {
  item: T;
  done: (error?: Error) => void;
}

/**
 * Group commit: items added while a flush runs wait and go together in the next one, so
 * concurrent callers share its round trips. Each `add` settles when the flush that took its item
 * ends, with that flush's error if it failed.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  private flushing = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly maxBatch: number,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, done: (error) => (error ? reject(error) : resolve()) });
      if (!this.flushing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.flushing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      const error = await this.flush(batch.map((entry) => entry.item)).then(
        () => undefined,
        (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure))),
      );
      for (const entry of batch) entry.done(error);
    }
    this.flushing = false;
  }
}
