/**
 * The soak's traffic, shared by `make bench-load` (bench/load.ts) and `make bench-chaos`
 * (bench/chaos.ts). Each connection is one user: 80% reads (services pages, one service, a
 * service's reviews, the home list), 15% review creates, 5% edits and deletes of that user's own
 * reviews; or reads only. Every request is awaited to its end. Connections are spread over the
 * API processes; one whose API does not answer (connection refused or reset) is sent again to
 * the next, a write with the same Idempotency-Key. Every review the soak writes is kept in a
 * ledger: what its acknowledged writes made it, and what its unacknowledged one may have.
 */
import { randomUUID } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { datasetSizes, type DatasetSizes } from './dataset';
import { inParallel, newUser, percentile, round } from './support';

export type Kind = 'read' | 'create' | 'edit' | 'delete';

export const SOAK_CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);

/**
 * `LOAD_SERVICES` and `LOAD_REVIEWS`: smaller than the HTTP bench's data, because writes keep
 * invalidating cached reads, and on the embedded FerretDB each such read scans its collection.
 */
export function soakDatasetSizes(): DatasetSizes {
  return datasetSizes('LOAD', { services: 200, reviews: 2000 });
}

/** One HTTP request as sent: `status` is the HTTP status, "error" (no answer) or "timeout". */
export interface Attempt {
  kind: Kind;
  /** Index of the API process it went to. */
  api: number;
  /** Date.now() when it was sent and when it ended. */
  start: number;
  end: number;
  status: string;
}

/** One request of the mix, over all its attempts: its final status and whole latency. */
export interface Answer {
  kind: Kind;
  start: number;
  end: number;
  status: string;
}

export interface Content {
  rating: number;
  details: string;
}

/** Settles the review's fate: a 2xx answer, or anything else (it may or may not be done). */
export type Outcome = 'acknowledged' | 'unacknowledged';

/**
 * A review the soak created. After an unacknowledged write, the soak writes it no more, so its
 * state in the store must be the acknowledged one or what that last write made it.
 */
export interface SoakedReview {
  /** Written into its text, to find it in the store when its create was not acknowledged. */
  ref: string;
  service: string;
  /** From the create's answer. */
  id?: string;
  created: Outcome;
  /** What the create and the acknowledged edits made it. */
  content: Content;
  acknowledgedEdits: number;
  /** The content of an unacknowledged edit (the review's last write). */
  uncertainEdit?: Content;
  deleted?: Outcome;
}

interface Connection {
  index: number;
  token: string;
  /** The API process it sends to first. */
  home: number;
  /** Services this user has not reviewed yet, in random order. */
  unreviewed: string[];
  /** This user's reviews that the soak may still write. */
  writable: SoakedReview[];
  created: number;
}

export interface SoakRun {
  seconds: number;
  attempts: Attempt[];
  answers: Answer[];
  ledger: SoakedReview[];
}

/** A request gets no answer after this: counted as "timeout" (the API's own deadline is 10 s). */
const REQUEST_TIMEOUT_MS = 15_000;
/** Tries per request: its own API, then the others in turn. */
const MAX_TRIES = 3;
const RETRY_PAUSE_MS = 200;

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const SORTS = ['newest', 'rating_desc', 'price_asc', 'top_rated'];

const PAGES = 5;
/** Reviews are read mostly on the services people visit most. */
const POPULAR = 50;

function readPath(services: string[]): string {
  const roll = Math.random();
  if (roll < 0.3) {
    return `/api/services?sort=${pick(SORTS)}&offset=${20 * Math.floor(Math.random() * PAGES)}`;
  }
  if (roll < 0.55) return `/api/services/${pick(services)}`;
  if (roll < 0.85) return `/api/reviews?service=${pick(services.slice(0, POPULAR))}&limit=20`;
  return '/api/servicelimit';
}

/** Every path readPath can answer. */
export function readPaths(services: string[]): string[] {
  const lists = SORTS.flatMap((sort) =>
    Array.from({ length: PAGES }, (_, page) => `/api/services?sort=${sort}&offset=${20 * page}`),
  );
  return [
    ...lists,
    ...services.map((service) => `/api/services/${service}`),
    ...services.slice(0, POPULAR).map((service) => `/api/reviews?service=${service}&limit=20`),
    '/api/servicelimit',
  ];
}

/** A site in service has warm caches: every read path once before the clock starts. */
export async function warmCaches(apiUrls: string[], services: string[]): Promise<void> {
  for (const baseUrl of apiUrls) {
    await inParallel(readPaths(services), 4, (path) =>
      fetch(`${baseUrl}${path}`).then((r) => r.text()),
    );
  }
}

/** A review's text, naming it (`ref`) and its version, so that every edit changes it. */
function reviewText(ref: string, version: number, rating: number): string {
  return `Delivery ${ref} v${version} went fine, rated ${rating}.`;
}

/** The ref and version `reviewText` wrote, or undefined for a text the soak did not write. */
export function refOf(details: string): string | undefined {
  return /^Delivery (\d+\.\d+) v\d+ /.exec(details)?.[1];
}

function stars(): number {
  return 1 + Math.floor(Math.random() * 5);
}

interface Sent {
  status: string;
  text: string;
}

/**
 * Sends one request of the mix, to the connection's API first and, when that one does not answer
 * at all, to the next; records every attempt.
 */
async function send(
  apiUrls: string[],
  connection: Connection,
  kind: Kind,
  path: string,
  init: RequestInit,
  attempts: Attempt[],
): Promise<Sent> {
  let sent: Sent = { status: 'error', text: '' };
  for (let tried = 0; tried < MAX_TRIES; tried += 1) {
    if (tried > 0) await sleep(RETRY_PAUSE_MS * tried);
    const api = (connection.home + tried) % apiUrls.length;
    const start = Date.now();
    try {
      const response = await fetch(`${apiUrls[api]}${path}`, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      sent = { status: String(response.status), text: await response.text() };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      sent = { status: timedOut ? 'timeout' : 'error', text: '' };
    }
    attempts.push({ kind, api, start, end: Date.now(), status: sent.status });
    // A request that timed out may still be running: it is not sent twice.
    if (sent.status !== 'error') return sent;
  }
  return sent;
}

function succeeded(status: string): boolean {
  return /^2\d\d$/.test(status);
}

/** Picks the next request of the mix; a connection without reviews to change creates one. */
function nextKind(connection: Connection, readOnly: boolean): Kind {
  if (readOnly) return 'read';
  const roll = Math.random();
  let kind: Kind = 'read';
  if (roll >= 0.8) kind = roll < 0.95 || connection.writable.length === 0 ? 'create' : 'edit';
  if (kind === 'edit' && Math.random() < 0.5) kind = 'delete';
  if (kind === 'create' && connection.unreviewed.length === 0) kind = 'read';
  return kind;
}

function writeHeaders(connection: Connection): Record<string, string> {
  return {
    authorization: `Bearer ${connection.token}`,
    'content-type': 'application/json',
    // One per write, kept by its retries: the API does it once (issue 46).
    'idempotency-key': randomUUID(),
  };
}

/** One request of the mix; keeps the ledger. Answers its kind and final status. */
async function oneRequest(
  apiUrls: string[],
  connection: Connection,
  services: string[],
  readOnly: boolean,
  run: SoakRun,
): Promise<{ kind: Kind; status: string }> {
  const kind = nextKind(connection, readOnly);
  if (kind === 'read') {
    const sent = await send(apiUrls, connection, kind, readPath(services), {}, run.attempts);
    return { kind, status: sent.status };
  }
  const headers = writeHeaders(connection);
  if (kind === 'create') {
    const service = connection.unreviewed.pop() as string;
    const rating = stars();
    const ref = `${connection.index}.${connection.created++}`;
    const review: SoakedReview = {
      ref,
      service,
      created: 'unacknowledged',
      content: { rating, details: reviewText(ref, 0, rating) },
      acknowledgedEdits: 0,
    };
    run.ledger.push(review);
    const body = {
      title: 'Soak Courier',
      details: review.content.details,
      serviceID: 1000 + Math.floor(Math.random() * 9000),
      service,
      rating,
    };
    const sent = await send(
      apiUrls,
      connection,
      kind,
      '/api/addreviews',
      { method: 'POST', headers, body: JSON.stringify(body) },
      run.attempts,
    );
    if (succeeded(sent.status)) {
      review.created = 'acknowledged';
      review.id = (JSON.parse(sent.text) as { insertedId: string }).insertedId;
      connection.writable.push(review);
    }
    return { kind, status: sent.status };
  }

  const review = pick(connection.writable);
  let sent: Sent;
  if (kind === 'edit') {
    const rating = stars();
    const content = {
      rating,
      details: reviewText(review.ref, review.acknowledgedEdits + 1, rating),
    };
    sent = await send(
      apiUrls,
      connection,
      kind,
      `/api/updatereviews/edit/${review.id}`,
      { method: 'PATCH', headers, body: JSON.stringify(content) },
      run.attempts,
    );
    if (succeeded(sent.status)) {
      review.content = content;
      review.acknowledgedEdits += 1;
      return { kind, status: sent.status };
    }
    review.uncertainEdit = content;
  } else {
    sent = await send(
      apiUrls,
      connection,
      kind,
      `/api/reviews/${review.id}`,
      { method: 'DELETE', headers },
      run.attempts,
    );
    review.deleted = succeeded(sent.status) ? 'acknowledged' : 'unacknowledged';
  }
  connection.writable.splice(connection.writable.indexOf(review), 1);
  return { kind, status: sent.status };
}

export interface Soaker {
  apiUrls: string[];
  services: string[];
  connections: Connection[];
}

/**
 * Registers `count` users spread over `apiUrls` (`services` most reviewed first), each to review
 * the services in an order of its own.
 */
export async function soakers(
  apiUrls: string[],
  services: string[],
  count: number,
  label: string,
): Promise<Soaker> {
  const tokens = await inParallel(
    Array.from({ length: count }, (_, index) => index),
    8,
    (index) => newUser(apiUrls[index % apiUrls.length], `${label}${index}`),
  );
  return {
    apiUrls,
    services,
    connections: tokens.map((token, index) => ({
      index,
      token,
      home: index % apiUrls.length,
      unreviewed: shuffled(services),
      writable: [],
      created: 0,
    })),
  };
}

/**
 * Runs the mix (or reads only) on every connection for `seconds`, or until `until` settles if
 * sooner, then answers what happened.
 */
export async function soak(
  soaker: Soaker,
  seconds: number,
  options: { readOnly?: boolean; until?: Promise<unknown> } = {},
): Promise<SoakRun> {
  const run: SoakRun = { seconds, attempts: [], answers: [], ledger: [] };
  const started = Date.now();
  const end = started + seconds * 1000;
  let stopped = false;
  void options.until?.finally(() => (stopped = true));
  await Promise.all(
    soaker.connections.map(async (connection) => {
      while (Date.now() < end && !stopped) {
        const start = Date.now();
        const answer = await oneRequest(
          soaker.apiUrls,
          connection,
          soaker.services,
          options.readOnly ?? false,
          run,
        );
        run.answers.push({ ...answer, start, end: Date.now() });
      }
    }),
  );
  run.seconds = (Date.now() - started) / 1000;
  return run;
}

export interface SoakFigures {
  seconds: number;
  /** Requests of the mix per kind, and those answered 2xx or 3xx. */
  requests: Record<Kind, number>;
  succeeded: Record<Kind, number>;
  /** Answers per status over every attempt ("error": no answer; "timeout"). */
  statuses: Record<string, number>;
  /** Attempts a connection sent again to another API process. */
  retried: number;
  requestsPerSecond: number;
  /** Latency of each request of the mix, retries included. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** The same per kind: where the time goes. */
  latencyByKind: Record<Kind, { p50Ms: number; p99Ms: number }>;
  serverErrors: number;
  networkErrors: number;
}

function byKind(): Record<Kind, number> {
  return { read: 0, create: 0, edit: 0, delete: 0 };
}

export function isServerError(status: string): boolean {
  return status.startsWith('5');
}

export function isNetworkError(status: string): boolean {
  return status === 'error' || status === 'timeout';
}

export function soakFigures(run: SoakRun): SoakFigures {
  const requests = byKind();
  const succeededByKind = byKind();
  for (const answer of run.answers) {
    requests[answer.kind] += 1;
    if (/^[23]\d\d$/.test(answer.status)) succeededByKind[answer.kind] += 1;
  }
  const statuses: Record<string, number> = {};
  for (const attempt of run.attempts) {
    statuses[attempt.status] = (statuses[attempt.status] ?? 0) + 1;
  }
  const latencyOf = (answer: Answer) => answer.end - answer.start;
  const latencies = run.answers.map(latencyOf);
  const kindLatencies = (kind: Kind) =>
    run.answers.filter((answer) => answer.kind === kind).map(latencyOf);
  const latencyByKind = Object.fromEntries(
    (Object.keys(requests) as Kind[]).map((kind) => [
      kind,
      {
        p50Ms: round(percentile(kindLatencies(kind), 50)),
        p99Ms: round(percentile(kindLatencies(kind), 99)),
      },
    ]),
  ) as SoakFigures['latencyByKind'];
  const count = (test: (status: string) => boolean) =>
    run.attempts.filter((attempt) => test(attempt.status)).length;
  return {
    seconds: run.seconds,
    requests,
    succeeded: succeededByKind,
    statuses,
    retried: run.attempts.length - run.answers.length,
    requestsPerSecond: round(run.answers.length / run.seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    latencyByKind,
    serverErrors: count(isServerError),
    networkErrors: count(isNetworkError),
  };
}

/** One line: requests, rate, latencies, kinds and statuses. */
export function describeFigures(name: string, figures: SoakFigures): string {
  const total = Object.values(figures.requests).reduce((sum, each) => sum + each, 0);
  return `${name}: ${total} requests (${figures.requestsPerSecond}/s, p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms): ${JSON.stringify(figures.requests)}; statuses ${JSON.stringify(figures.statuses)}; p50/p99 ms by kind ${JSON.stringify(figures.latencyByKind)}`;
}

/** Every service's id, the most reviewed first (the soak reads those most). */
export async function servicesByPopularity(mongo: MongoClient): Promise<string[]> {
  const services = await mongo
    .db()
    .collection('services')
    .find({}, { projection: { _id: 1 } })
    .sort({ ratingCount: -1 })
    .toArray();
  return services.map((service) => String(service._id));
}
