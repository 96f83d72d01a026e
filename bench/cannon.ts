/** autocannon runs, reduced to the figures the benchmarks report. */
import autocannon from 'autocannon';
import { round } from './support';

export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  requests: number;
}

export type CannonOptions = Omit<autocannon.Options, 'duration'> & { seconds: number };

export function fire(options: CannonOptions): Promise<autocannon.Result> {
  const { seconds, ...rest } = options;
  return autocannon({ ...rest, duration: seconds });
}

export function figuresOf(result: autocannon.Result): Figures {
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}

/** A short run first (discarded), so caches, JIT and connection pools are warm. */
export async function warmedUp(options: CannonOptions, warmupSeconds: number): Promise<Figures> {
  await fire({ ...options, seconds: warmupSeconds });
  return figuresOf(await fire(options));
}
