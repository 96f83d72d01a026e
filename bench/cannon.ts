/**
 * autocannon runs, reduced to the figures the benchmarks report. One continuous run per
 * measurement: the first seconds warm the server up (JIT, caches, connection pools) and are
 * left out of the figures, so no backlog from a separate warm-up run skews them.
 */
import autocannon from 'autocannon';
import { percentile, round } from './support';

export interface Figures {
  requestsPerSecond: number;
  /** Latencies of the successful answers; null when there was none. */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** Connection errors, timeouts and answers other than successes (2xx, or the status expected). */
  errors: number;
  requests: number;
  /** Answers per HTTP status, errors under "error". */
  statuses: Record<string, number>;
  /** The successful answers' mean size, headers included. */
  bytesPerAnswer: number | null;
  /**
   * Cores busy over the whole run (warm-up included), where measured: the API, the benchmark,
   * every other process it started (worker, storage, Redis), the rest of the machine (other
   * processes, the kernel's own threads), and the time the hypervisor stole.
   */
  cpu?: { api: number; bench: number; others: number; rest: number; stolen: number };
  /** Redis commands per successful answer over the whole run, where measured. */
  redisCallsPerAnswer?: number;
}

export interface CannonOptions extends Omit<autocannon.Options, 'duration'> {
  seconds: number;
  warmupSeconds: number;
  /** The status that counts as a success (a run of requests the API must refuse); any 2xx if unset. */
  expectStatus?: number;
}

/** One autocannon run. */
export async function measured(options: CannonOptions): Promise<Figures> {
  return measuredTogether([options]);
}

/**
 * Several autocannon runs at once (e.g. one per signed-in user, each with its own request
 * sequence), counted as one: their answers and latencies are pooled.
 */
export async function measuredTogether(runs: CannonOptions[]): Promise<Figures> {
  const seconds = runs[0].seconds;
  const latencies: number[] = [];
  let bytes = 0;
  const statuses: Record<string, number> = {};
  const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
  await Promise.all(
    runs.map((options) => {
      const { seconds: ownSeconds, warmupSeconds, expectStatus, ...rest } = options;
      const succeeded = (status: number) =>
        expectStatus === undefined ? status < 300 : status === expectStatus;
      let instance: autocannon.Instance | undefined;
      const done = new Promise<void>((resolve, reject) => {
        instance = autocannon({ ...rest, duration: warmupSeconds + ownSeconds }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
      const run = instance as autocannon.Instance;
      const measureFrom = Date.now() + warmupSeconds * 1000;
      run.on('response', (_client, status, answerBytes, latency) => {
        if (Date.now() < measureFrom) return;
        count(String(status));
        if (!succeeded(status)) return;
        latencies.push(latency);
        bytes += answerBytes;
      });
      run.on('reqError', () => {
        if (Date.now() >= measureFrom) count('error');
      });
      return done;
    }),
  );
  const requests = Object.values(statuses).reduce((sum, each) => sum + each, 0);
  const at = (p: number) => (latencies.length > 0 ? round(percentile(latencies, p)) : null);
  return {
    requestsPerSecond: round(latencies.length / seconds),
    p50Ms: at(50),
    p95Ms: at(95),
    p99Ms: at(99),
    errors: requests - latencies.length,
    requests,
    statuses,
    bytesPerAnswer: latencies.length > 0 ? Math.round(bytes / latencies.length) : null,
  };
}
