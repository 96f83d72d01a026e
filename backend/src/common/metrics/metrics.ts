import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { withTimeout } from '../with-timeout';

/**
 * The process's one registry: every figure the API or the worker exports (docs/operations.md,
 * "Metrics"), with Node's defaults (event-loop lag, heap, GC, CPU). Figures a process never
 * touches stay at zero, or absent for labelled ones.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** A scrape waits this long for a figure read from Redis or the store, then reports the rest. */
export const SCRAPE_DEADLINE_MS = 1000;

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, from arrival to the last byte',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpRequestsInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests this process has received and not answered yet',
  registers,
});

const readCacheLookups = new Counter({
  name: 'read_cache_lookups_total',
  help: 'Read-cache lookups: cache "answer" (whole answers, replayed) or "data" (ReadCache reads)',
  labelNames: ['cache', 'result'] as const,
  registers,
});

/** Children made once: a lookup only increments. */
export const cacheLookups = {
  answerHit: readCacheLookups.labels('answer', 'hit'),
  answerMiss: readCacheLookups.labels('answer', 'miss'),
  dataHit: readCacheLookups.labels('data', 'hit'),
  dataMiss: readCacheLookups.labels('data', 'miss'),
};

export const storeCommandDuration = new Histogram({
  name: 'store_command_duration_seconds',
  help: 'MongoDB commands by command name, as the driver measured them (failed ones too)',
  labelNames: ['command'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const storePoolConnections = new Gauge({
  name: 'store_pool_connections',
  help: "Connections open in the MongoDB driver's pool",
  registers,
});

export const storePoolInUse = new Gauge({
  name: 'store_pool_connections_in_use',
  help: "Connections of the MongoDB driver's pool checked out by a command",
  registers,
});

export const storePoolWaiters = new Gauge({
  name: 'store_pool_waiters',
  help: "Commands waiting for a connection of the MongoDB driver's pool",
  registers,
});

export const queueJobDuration = new Histogram({
  name: 'queue_job_duration_seconds',
  help: 'BullMQ jobs this worker processed, by queue, from start to end of processing',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const queueJobFailures = new Counter({
  name: 'queue_job_failures_total',
  help: 'BullMQ job attempts that failed in this worker, by queue (each retry counts)',
  labelNames: ['queue'] as const,
  registers,
});

export const eventAuditLag = new Histogram({
  name: 'event_audit_lag_seconds',
  help: "From an event's write to its audit entry being stored",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers,
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by rule',
  labelNames: ['rule'] as const,
  registers,
});

const scrapeFailures = new Counter({
  name: 'metrics_scrape_failures_total',
  help: 'Figures read at scrape time that failed or passed the deadline, by metric',
  labelNames: ['metric'] as const,
  registers,
});

/** Sets some of a gauge's series from what it reads (Redis, the store) at scrape time. */
export type GaugeSource<L extends string> = (gauge: Gauge<L>) => Promise<void>;

/**
 * A gauge whose series are read at scrape time, never on a request's path. Each scrape starts it
 * afresh and waits at most SCRAPE_DEADLINE_MS for each source; a source that fails or is late
 * leaves its series out (NaN for a gauge without labels, which always has its one series) and
 * counts in metrics_scrape_failures_total: the scrape never fails.
 */
export class ScrapedGauge<L extends string> {
  private readonly sources = new Set<GaugeSource<L>>();

  constructor(config: { name: string; help: string; labelNames?: readonly L[] }) {
    const sources = this.sources;
    const name = config.name;
    const unlabelled = !config.labelNames?.length;
    new Gauge<L>({
      ...config,
      registers,
      async collect() {
        this.reset();
        if (unlabelled) this.set(NaN);
        await Promise.all(
          [...sources].map((source) =>
            withTimeout(source(this), SCRAPE_DEADLINE_MS).catch(() =>
              scrapeFailures.labels(name).inc(),
            ),
          ),
        );
      },
    });
  }

  /** Adds a source; answers the function that removes it (at the process's shutdown). */
  add(source: GaugeSource<L>): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }
}

export const queueJobs = new ScrapedGauge({
  name: 'queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, prioritized, failed)',
  labelNames: ['queue', 'state'] as const,
});

export const queueOldestWaitingAge = new ScrapedGauge({
  name: 'queue_oldest_waiting_age_seconds',
  help: 'Age of the oldest job waiting in each queue (0 when none waits)',
  labelNames: ['queue'] as const,
});

export const outboxPendingEvents = new ScrapedGauge({
  name: 'outbox_pending_events',
  help: 'Events waiting in the outbox collection for Redis (published ones are deleted)',
});

export const pendingCreateBatches = new ScrapedGauge({
  name: 'review_create_batches_pending',
  help: 'Batches of new reviews recorded and not settled yet, by where they wait',
  labelNames: ['stored_in'] as const,
});

export const healthReady = new ScrapedGauge({
  name: 'health_ready',
  help: 'Whether the readiness check (a MongoDB read, a Redis PING) passed at scrape time: 1 or 0',
});
