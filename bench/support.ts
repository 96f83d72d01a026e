/** Shared by the benchmarks: the app on throwaway storage, API calls, and figures. */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type autocannon from 'autocannon';
import { repoRoot } from '../infra/storage/paths';

export const resultsDir = join(repoRoot, 'bench', 'results');

/** Settings that keep the app's own limits out of the measurements. */
export const benchEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // Random per run: production refuses any secret written in the repository.
  JWT_SECRET: randomBytes(32).toString('hex'),
  RATE_LIMIT_AUTH: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  // The burst rule still notes every review (its cost is measured) but never holds one: the
  // runs' new accounts all write from one address, and their checks count published reviews.
  BURST_MIN_REVIEWS: '10000',
  ADMIN_PASSWORD: 'benchmark-admin-password',
};

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export async function api<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Registers a user and answers its access token. */
export async function newUser(baseUrl: string, label: string): Promise<string> {
  const email = `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@bench.example`;
  const answer = await api<{ accessToken: string }>(baseUrl, '/register', {
    method: 'POST',
    body: { name: `Bench ${label}`, email, password: 'benchmark-password' },
  });
  return answer.accessToken;
}

/** Runs `task` over `items` with at most `parallel` in flight. */
export async function inParallel<T, R>(
  items: T[],
  parallel: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function writeResult(name: string, data: unknown): string {
  return writeText(name, `${JSON.stringify(data, null, 2)}\n`);
}

export function writeText(name: string, text: string): string {
  const file = join(resultsDir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Peak resident memory of a process so far (Linux), in MB; 0 once it is gone or a zombie. */
export function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Runs `cleanUp` when the run is interrupted (Ctrl-C), so no server or database is left behind. */
export function cleanUpOnSignal(cleanUp: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

/** The moderation's posting-speed rule: a user's 6th review within 10 minutes is flagged. */
const UNFLAGGED_REVIEWS_PER_USER = 5;
/** The create rate the writers' users are planned for, well above what the API reaches. */
const PLANNED_CREATES_PER_SECOND = 500;

/**
 * How many users each of `writers` posts as, so that none of them writes more reviews than the
 * posting-speed rule lets through over `seconds` of creates at up to PLANNED_CREATES_PER_SECOND:
 * real reviewers write one now and then, and a flagged review costs a second round of writes
 * (its moderation, its settlement, its notification) that would be measured as the create's.
 */
export function usersPerWriter(writers: number, seconds: number): number {
  return Math.ceil((PLANNED_CREATES_PER_SECOND * seconds) / (writers * UNFLAGGED_REVIEWS_PER_USER));
}

/**
 * Registers the users `writers` post as over `seconds` of creates (`usersPerWriter` each);
 * answers each writer's tokens.
 */
export async function writersTokens(
  baseUrl: string,
  writers: number,
  seconds: number,
  label: string,
): Promise<string[][]> {
  const perWriter = usersPerWriter(writers, seconds);
  const tokens = await inParallel(
    Array.from({ length: writers * perWriter }, (_, index) => index),
    4,
    (index) => newUser(baseUrl, `${label}${index}`),
  );
  return Array.from({ length: writers }, (_, writer) =>
    tokens.slice(writer * perWriter, (writer + 1) * perWriter),
  );
}

export type RequestMaker = (request: autocannon.Request) => autocannon.Request;

/**
 * The same create with a rating out of range, which the API refuses (400) after the guard, the
 * write rate limit and the validation, before any storage work: the API's own limit for a write.
 */
export function refusedByValidation(create: RequestMaker): RequestMaker {
  return (request) => {
    const made = create(request);
    return { ...made, body: JSON.stringify({ ...JSON.parse(String(made.body)), rating: 0 }) };
  };
}

/**
 * One writer's creates: its own users in turn, reviewing the services in order, so none is a
 * repeat, and no user writes more than the moderation's 5 reviews in 10 minutes until the writer
 * has made 5 × its users (see `usersPerWriter`).
 */
export function reviewCreates(tokens: string[], writer: number, services: string[]) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const service = services[next % services.length];
    const token = tokens[next % tokens.length];
    next += 1;
    return {
      ...request,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        title: 'Bench Courier',
        details: `Writer ${writer}, parcel ${next}: collected on time and delivered in one piece.`,
        serviceID: 1000 + (next % 9000),
        service,
        rating: 1 + (next % 5),
      }),
    };
  };
}

/** Runs a benchmark's main and exits: with its exitCode (1 when a check failed), 1 on an error. */
export function runBenchmark(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
