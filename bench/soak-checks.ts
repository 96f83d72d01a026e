/**
 * What a soak's writes must have left, checked once the event path is idle: every review the
 * soak wrote as its acknowledged writes made it (an unacknowledged write may or may not have
 * been done, and is counted either way), every service's rating counters as its stored reviews
 * add up, every service's public list holding exactly its published reviews, one audit entry per
 * change carried out, and the notifications of every audited event.
 */
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { MongoClient } from 'mongodb';
import { AppliedKeys } from '../backend/src/common/applied-keys';
import { notificationsForEvent } from '../backend/src/notifications/notifications-for-event';
import { REVIEW_EVENTS_QUEUE, type DomainEvent } from '../backend/src/events/review-events';
import { sleep } from '../infra/storage/processes';
import { refOf, soakFigures, type Content, type SoakRun, type SoakedReview } from './soak';
import { inParallel, markdownTable, round } from './support';

export interface Check {
  check: string;
  measured: string;
  met: boolean;
  /** Every disagreement found, for the results file (`measured` names the first few). */
  problems?: string[];
}

/** A check's Redis command that takes longer fails (and the check says so) instead of hanging. */
const REDIS_COMMAND_TIMEOUT_MS = 5000;

/** What is still on its way through the event path; all zero once it is idle. */
async function pendingWork(
  mongo: MongoClient,
  redis: Redis,
  prefix: string,
): Promise<Record<string, number>> {
  const db = mongo.db();
  const queue = new Queue(REVIEW_EVENTS_QUEUE, { connection: redis, prefix });
  try {
    const jobs = await queue.getJobCounts(
      'wait',
      'active',
      'delayed',
      'prioritized',
      'waiting-children',
    );
    return {
      ...jobs,
      // createBatchesKey in backend/src/reviews/store/review-create-batches.repository.ts, which
      // tsx cannot load (parameter decorators).
      createBatchesInRedis: await redis.hlen(`${prefix}:review-create-batches`),
      createBatchesStored: await db.collection('review_create_batches').countDocuments({}),
      pendingReviews: await db.collection('reviews').countDocuments({ pending: true }),
      outbox: await db.collection('outbox').countDocuments({}),
    };
  } finally {
    await queue.close();
  }
}

/**
 * Event jobs a worker gave up on (every attempt failed, or stalled too often): their events'
 * audit entries and notifications are missing, whatever the queue's counts of waiting jobs say.
 */
async function failedJobsCheck(redisUrl: string, prefix: string): Promise<Check> {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  const queue = new Queue(REVIEW_EVENTS_QUEUE, { connection: redis, prefix });
  try {
    const failed = await queue.getFailed(0, -1);
    const problems = failed.map((job) => `${job.id}: ${job.failedReason}`);
    return {
      check: 'no event job failed for good',
      measured: `${failed.length}${examples(problems)}`,
      met: failed.length === 0,
      problems,
    };
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/**
 * Waits, at most `timeoutMs`, until nothing is on its way through the event path twice in a row,
 * a second apart. Answers how long that took and what was still pending if it never was.
 */
async function waitForEventPath(
  mongo: MongoClient,
  redisUrl: string,
  prefix: string,
  timeoutMs: number,
): Promise<{ ms: number; pending?: Record<string, number> }> {
  const started = Date.now();
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: null,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  let idleInARow = 0;
  let last: Record<string, number> | undefined;
  try {
    while (Date.now() - started < timeoutMs) {
      last = await pendingWork(mongo, redis, prefix).catch(() => undefined);
      const idle = last !== undefined && Object.values(last).every((count) => count === 0);
      idleInARow = idle ? idleInARow + 1 : 0;
      if (idleInARow === 2) return { ms: Date.now() - started };
      await sleep(1000);
    }
    return { ms: Date.now() - started, pending: last ?? { unreachable: 1 } };
  } finally {
    redis.disconnect();
  }
}

interface StoredReview {
  _id: unknown;
  service: string;
  status: string;
  rating: number;
  details: string;
}

interface StoredService {
  _id: unknown;
  title: string;
  ownerId?: string;
  ratingCount?: number;
  ratingSum?: number;
  ratingStars?: Record<string, number>;
  appliedChanges?: unknown;
}

type AuditEntry = DomainEvent & { _id: string };

/** Which of a review's unacknowledged writes the store shows carried out. */
interface CarriedOut {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

interface Resolved {
  review: SoakedReview;
  id?: string;
  carriedOut: CarriedOut;
  /** Why the store disagrees with the acknowledged writes, if it does. */
  problem?: string;
}

function sameContent(stored: StoredReview, content: Content): boolean {
  return stored.rating === content.rating && stored.details === content.details;
}

/** The review's state in the store against its writes. */
function resolve(review: SoakedReview, copies: StoredReview[]): Resolved {
  const carriedOut: CarriedOut = { create: false, edit: false, delete: false };
  const resolved: Resolved = { review, id: review.id, carriedOut };
  if (copies.length > 1) return { ...resolved, problem: `stored ${copies.length} times` };
  const stored = copies[0];
  if (stored) resolved.id = String(stored._id);
  const fail = (problem: string) => ({ ...resolved, problem });

  if (review.created === 'unacknowledged') {
    carriedOut.create = stored !== undefined;
    if (stored && !sameContent(stored, review.content)) return fail('not as created');
    return resolved;
  }
  if (stored && review.id !== String(stored._id)) return fail(`stored as ${String(stored._id)}`);
  if (review.deleted === 'acknowledged') return stored ? fail('deleted, still stored') : resolved;
  if (review.deleted === 'unacknowledged') {
    carriedOut.delete = stored === undefined;
    if (stored && !sameContent(stored, review.content)) return fail('not as last edited');
    return resolved;
  }
  if (!stored) return fail('lost');
  if (stored.status === 'deleted') return fail('marked deleted');
  if (review.uncertainEdit && sameContent(stored, review.uncertainEdit)) {
    carriedOut.edit = true;
    return resolved;
  }
  return sameContent(stored, review.content) ? resolved : fail('not as last edited');
}

function examples(problems: string[]): string {
  if (problems.length === 0) return '';
  return ` (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''})`;
}

/** How many problems of each kind (`<ref> <what>: <got> of <want>` → `<what> <got> of <want>`). */
function byKind(problems: string[]): string {
  if (problems.length === 0) return '';
  const kinds = new Map<string, number>();
  for (const problem of problems) {
    const kind = problem.replace(/^\S+ /, '');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return ` [${[...kinds].map(([kind, count]) => `${kind} ×${count}`).join(', ')}]`;
}

function outcomeCounts(resolved: Resolved[]) {
  const ledger = resolved.map((each) => each.review);
  const unacknowledged = {
    creates: ledger.filter((review) => review.created === 'unacknowledged').length,
    edits: ledger.filter((review) => review.uncertainEdit !== undefined).length,
    deletes: ledger.filter((review) => review.deleted === 'unacknowledged').length,
  };
  const carriedOut = {
    creates: resolved.filter((each) => each.carriedOut.create).length,
    edits: resolved.filter((each) => each.carriedOut.edit).length,
    deletes: resolved.filter((each) => each.carriedOut.delete).length,
  };
  return { unacknowledged, carriedOut };
}

function documentsCheck(resolved: Resolved[]): Check {
  const problems = resolved
    .filter((each) => each.problem)
    .map((each) => `${each.review.ref}: ${each.problem}`);
  const { unacknowledged, carriedOut } = outcomeCounts(resolved);
  return {
    check: 'reviews: every acknowledged create, edit and delete as written',
    measured:
      `${resolved.length} reviews, ${problems.length} wrong${examples(problems)}; unacknowledged ` +
      `creates ${unacknowledged.creates} (${carriedOut.creates} done), edits ${unacknowledged.edits} ` +
      `(${carriedOut.edits} done), deletes ${unacknowledged.deletes} (${carriedOut.deletes} done)`,
    met: problems.length === 0,
    problems,
  };
}

/**
 * For a service whose counters are off: its soak reviews whose creation it never counted (their
 * event's key is not among its applied changes, which keep the latest 256), with when each was
 * created, to tell which fault it met.
 */
function uncountedCreations(
  service: StoredService,
  reviews: StoredReview[],
  created: Map<string, AuditEntry>,
): string {
  const applied = AppliedKeys.from(service.appliedChanges);
  const uncounted = reviews
    .filter((review) => review.service === String(service._id) && review.status === 'published')
    .map((review) => created.get(String(review._id)))
    .filter((event) => event !== undefined && !applied.has(event._id))
    .map((event) => `${event!.reviewId} created ${new Date(event!.at).toISOString()}`);
  return uncounted.length > 0 ? ` [uncounted: ${uncounted.join(', ')}]` : '';
}

function countersCheck(
  services: StoredService[],
  reviews: StoredReview[],
  audit: AuditEntry[],
): Check {
  const created = new Map(
    audit
      .filter((entry) => entry.type === 'review.created' && entry.reviewId)
      .map((entry) => [entry.reviewId!, entry]),
  );
  const expected = new Map<string, { count: number; sum: number; stars: number[] }>();
  for (const review of reviews) {
    if (review.status !== 'published') continue;
    const counters = expected.get(review.service) ?? { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] };
    counters.count += 1;
    counters.sum += review.rating;
    counters.stars[review.rating - 1] += 1;
    expected.set(review.service, counters);
  }
  const problems: string[] = [];
  for (const service of services) {
    const want = expected.get(String(service._id)) ?? { count: 0, sum: 0, stars: [0, 0, 0, 0, 0] };
    const stars = [1, 2, 3, 4, 5].map((star) => service.ratingStars?.[`s${star}`] ?? 0);
    const count = service.ratingCount ?? 0;
    const sum = service.ratingSum ?? 0;
    if (count !== want.count || sum !== want.sum || stars.join() !== want.stars.join()) {
      problems.push(
        `${String(service._id)}: ${count}/${sum} against ${want.count}/${want.sum}${uncountedCreations(service, reviews, created)}`,
      );
    }
  }
  return {
    check: 'service ratings: counters = recomputed from the stored reviews',
    measured: `${services.length} services, ${problems.length} wrong${examples(problems)}`,
    met: problems.length === 0,
    problems,
  };
}

const LIST_PAGE = 100;
const MAX_LIST_PAGES = 50;
const LIST_PAGE_TIMEOUT_MS = 15_000;

/** A service's public list, every page, as review ids. */
async function listedIds(apiUrl: string, service: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const response = await fetch(
      `${apiUrl}/api/reviews?service=${service}&limit=${LIST_PAGE}&offset=${page * LIST_PAGE}`,
      // An answer that never comes is a problem of the list, not a check that never ends.
      { signal: AbortSignal.timeout(LIST_PAGE_TIMEOUT_MS) },
    );
    if (!response.ok) throw new Error(`the list of ${service} answered ${response.status}`);
    const items = (await response.json()) as { _id: string }[];
    ids.push(...items.map((item) => item._id));
    if (items.length < LIST_PAGE) break;
  }
  return ids;
}

async function listsCheck(
  apiUrl: string,
  services: StoredService[],
  reviews: StoredReview[],
): Promise<Check> {
  const published = new Map<string, Set<string>>();
  for (const review of reviews) {
    if (review.status !== 'published') continue;
    const ids = published.get(review.service) ?? new Set<string>();
    ids.add(String(review._id));
    published.set(review.service, ids);
  }
  const problems: string[] = [];
  await inParallel(services, 4, async (service) => {
    const id = String(service._id);
    const want = published.get(id) ?? new Set<string>();
    const listed = await listedIds(apiUrl, id).catch((error: Error) => error);
    if (listed instanceof Error) {
      problems.push(listed.message);
      return;
    }
    const extra = listed.filter((review) => !want.has(review)).length;
    const missing = [...want].filter((review) => !listed.includes(review)).length;
    if (extra + missing > 0) problems.push(`${id}: ${extra} listed too many, ${missing} missing`);
  });
  return {
    check: 'public lists: a review listed iff stored and published',
    measured: `${services.length} services, ${problems.length} wrong${examples(problems)}`,
    met: problems.length === 0,
    problems,
  };
}

function expectedEntries(resolved: Resolved): Record<string, number> {
  const { review, carriedOut } = resolved;
  return {
    'review.created': review.created === 'acknowledged' || carriedOut.create ? 1 : 0,
    'review.updated': review.acknowledgedEdits + (carriedOut.edit ? 1 : 0),
    'review.deleted': review.deleted === 'acknowledged' || carriedOut.delete ? 1 : 0,
  };
}

function auditCheck(resolved: Resolved[], audit: AuditEntry[]): Check {
  const counts = new Map<string, Record<string, number>>();
  for (const entry of audit) {
    if (!entry.reviewId) continue;
    const perType = counts.get(entry.reviewId) ?? {};
    perType[entry.type] = (perType[entry.type] ?? 0) + 1;
    counts.set(entry.reviewId, perType);
  }
  const problems: string[] = [];
  let expectedTotal = 0;
  for (const each of resolved) {
    if (!each.id) continue;
    const found = counts.get(each.id) ?? {};
    for (const [type, want] of Object.entries(expectedEntries(each))) {
      expectedTotal += want;
      const got = found[type] ?? 0;
      if (got !== want) problems.push(`${each.review.ref} ${type}: ${got} of ${want}`);
    }
  }
  return {
    check: 'audit: one entry per change carried out',
    measured: `${expectedTotal} expected, ${problems.length} wrong${byKind(problems)}${examples(problems)}`,
    met: problems.length === 0,
    problems,
  };
}

function notificationsCheck(
  audit: AuditEntry[],
  services: StoredService[],
  notificationIds: Set<string>,
): Check {
  const byId = new Map(services.map((service) => [String(service._id), service]));
  const problems: string[] = [];
  let expected = 0;
  for (const entry of audit) {
    const service = entry.serviceId ? byId.get(entry.serviceId) : undefined;
    const planned = notificationsForEvent(
      { ...entry, id: entry._id },
      { service: service && { ownerId: service.ownerId, title: service.title } },
    );
    expected += planned.length;
    for (const notification of planned) {
      if (!notificationIds.has(notification.id)) problems.push(`${notification.id} missing`);
    }
  }
  return {
    check: 'notifications: every audited event’s',
    measured: `${expected} expected, ${problems.length} missing${examples(problems)}`,
    met: problems.length === 0,
    problems,
  };
}

export interface SoakVerdict {
  checks: Check[];
  /** The soak's reviews in the store now. */
  stored: number;
  unacknowledged: ReturnType<typeof outcomeCounts>['unacknowledged'];
  carriedOut: ReturnType<typeof outcomeCounts>['carriedOut'];
}

/** Reads the store (after `waitForEventPath`) and checks it against the soak's ledger. */
async function verifySoak(
  mongo: MongoClient,
  apiUrl: string,
  ledger: SoakedReview[],
): Promise<SoakVerdict> {
  const db = mongo.db();
  const reviews = await db
    .collection<StoredReview>('reviews')
    .find({}, { projection: { service: 1, status: 1, rating: 1, details: 1 } })
    .toArray();
  const services = await db
    .collection<StoredService>('services')
    .find(
      {},
      {
        projection: {
          title: 1,
          ownerId: 1,
          ratingCount: 1,
          ratingSum: 1,
          ratingStars: 1,
          appliedChanges: 1,
        },
      },
    )
    .toArray();
  const audit = await db.collection<AuditEntry>('audit_log').find({}).toArray();
  const notificationIds = new Set(
    (
      await db
        .collection('notifications')
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((notification) => String(notification._id)),
  );

  const byRef = new Map<string, StoredReview[]>();
  for (const review of reviews) {
    const ref = refOf(review.details);
    if (ref) byRef.set(ref, [...(byRef.get(ref) ?? []), review]);
  }
  const resolved = ledger.map((review) => resolve(review, byRef.get(review.ref) ?? []));
  const { unacknowledged, carriedOut } = outcomeCounts(resolved);
  return {
    checks: [
      documentsCheck(resolved),
      countersCheck(services, reviews, audit),
      await listsCheck(apiUrl, services, reviews),
      auditCheck(resolved, audit),
      notificationsCheck(audit, services, notificationIds),
    ],
    stored: [...byRef.values()].reduce((sum, copies) => sum + copies.length, 0),
    unacknowledged,
    carriedOut,
  };
}

/**
 * Nothing lost: the review count moved by the acknowledged creates and deletes, and by the
 * unacknowledged ones the store shows carried out.
 */
function countCheck(
  before: number,
  after: number,
  succeeded: Record<'create' | 'delete', number>,
  verdict: SoakVerdict,
): Check {
  const { creates, deletes } = verdict.carriedOut;
  const expected = before + succeeded.create - succeeded.delete + creates - deletes;
  return {
    check: 'reviews = before + creates − deletes (+ unacknowledged ones carried out)',
    measured: `${after} = ${before} + ${succeeded.create} − ${succeeded.delete} + ${creates} − ${deletes}`,
    met: after === expected,
  };
}

/** Writes that were carried out though their answer was not a success (a 5xx, or none). */
export function carriedOutUnacknowledged(verdict: SoakVerdict): number {
  const { creates, edits, deletes } = verdict.carriedOut;
  return creates + edits + deletes;
}

export const RSS_LIMIT_MB = 300;

export function rssCheck(what: string, peakMb: number): Check {
  return {
    check: `${what} peak RSS ≤ ${RSS_LIMIT_MB} MB`,
    measured: `${peakMb} MB`,
    met: peakMb <= RSS_LIMIT_MB,
  };
}

export function checksTable(checks: Check[]): string {
  return markdownTable(
    ['check', 'measured', 'met'],
    checks.map((each) => [each.check, each.measured, each.met ? 'yes' : 'no']),
  );
}

export async function reviewCount(mongo: MongoClient): Promise<number> {
  return mongo.db().collection('reviews').countDocuments({});
}

export interface AfterSoak {
  /** The event path's idle check, the count and the store checks. */
  checks: Check[];
  verdict: SoakVerdict;
  after: number;
  /** How long the event path took to be idle; null if it never was within the limit. */
  eventPathIdleMs: number | null;
}

/**
 * Once a soak is over: waits (at most `drainLimitMs`) for the event path to be idle, then checks
 * the store against the soak's ledger and the review count against `before`.
 */
export async function checkAfterSoak(
  stack: { mongo: MongoClient; redisUrl: string; redisPrefix: string; apiUrl: string },
  run: SoakRun,
  before: number,
  drainLimitMs: number,
): Promise<AfterSoak> {
  const { mongo } = stack;
  const eventPath = await waitForEventPath(mongo, stack.redisUrl, stack.redisPrefix, drainLimitMs);
  const verdict = await verifySoak(mongo, stack.apiUrl, run.ledger);
  const after = await reviewCount(mongo);
  const idle: Check = {
    check: `event path idle within ${drainLimitMs / 1000} s`,
    measured: eventPath.pending
      ? `still pending: ${JSON.stringify(eventPath.pending)}`
      : `${round(eventPath.ms / 1000)} s`,
    met: eventPath.pending === undefined,
  };
  return {
    checks: [
      idle,
      await failedJobsCheck(stack.redisUrl, stack.redisPrefix),
      countCheck(before, after, soakFigures(run).succeeded, verdict),
      ...verdict.checks,
    ],
    verdict,
    after,
    eventPathIdleMs: eventPath.pending ? null : eventPath.ms,
  };
}
