import { join } from 'node:path';
import { MAINTENANCE_QUEUE, REVIEW_EVENTS_QUEUE } from '../../backend/src/events/review-events';

/**
 * A backup folder: `manifest.json`, one `mongo/<collection>.ejson` per collection (one canonical
 * Extended JSON document a line, so types and `_id`s come back as they were), and `redis.jsonl`
 * (one `{key, pttl, dump}` a line, `dump` being Redis's own DUMP of the key, in base64).
 */
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: string;
  /** `snapshot`: one point in time (a replica set); `quiet`: no document count moved meanwhile. */
  consistency: 'snapshot' | 'quiet';
  collections: Record<string, number>;
  redisKeys: number;
}

export interface RedisEntry {
  key: string;
  /** Milliseconds left to live; 0: none. */
  pttl: number;
  dump: string;
}

/**
 * The Redis state nothing can rebuild: the queues' jobs not yet handled (and the failed ones kept
 * for a retry). The rest is derived (timelines, counts, authors' activity: rebuilt after a
 * restore, docs/operations.md) or short-lived (rate limits, locks, idempotency keys, caches).
 */
export function queueKeyPatterns(prefix: string): string[] {
  return [REVIEW_EVENTS_QUEUE, MAINTENANCE_QUEUE].map((queue) => `${prefix}:${queue}:*`);
}

export const manifestFile = (dir: string) => join(dir, 'manifest.json');
export const collectionFile = (dir: string, name: string) => join(dir, 'mongo', `${name}.ejson`);
export const redisFile = (dir: string) => join(dir, 'redis.jsonl');

/** A problem the person running the command can fix, said in one sentence. */
export class BackupError extends Error {}
