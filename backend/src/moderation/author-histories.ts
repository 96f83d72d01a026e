import { Inject, Injectable } from '@nestjs/common';
import type { Redis, Result } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { GroupCommit } from '../common/group-commit';
import { REDIS_CLIENT } from '../common/redis-client';

/** How many of an author's latest reviews the moderation rules compare a new one with. */
export const AUTHOR_HISTORY_LIMIT = 100;
/** Entries kept past the limit before the oldest are dropped (tombstones of deletions count). */
const TRIM_AT = AUTHOR_HISTORY_LIMIT + 50;
/** An author's hash lives this long after its last change; then the next read rebuilds it. */
const KEEP_SECONDS = 7 * 24 * 3600;
/** The field that makes a new account's hash exist, known to hold every review: none yet. */
const NO_REVIEW = '-';

/** One of the author's reviews as the rules see it; `at` orders changes of one review. */
export interface ActivityEntry {
  reviewId: string;
  at: number;
  createdAt: number;
  service: string;
  textTag: string;
}

/** A deleted review's entry: it keeps an older change of the review from coming back. */
export interface Tombstone {
  reviewId: string;
  at: number;
}

/**
 * Sets each field (review id) to its value unless the stored value is of a later change (values
 * start with their change's time in ms); only while the author's hash exists, unless ARGV[1] is
 * "fill" (a rebuild). Then, with ARGV[2] "read", answers the whole hash, or nil when it did not
 * exist. ARGV[3] is the expiry in seconds; pairs of field and value follow.
 */
const PUT_SCRIPT = `
local exists = redis.call('exists', KEYS[1]) == 1
if not exists and ARGV[1] ~= 'fill' then return false end
for i = 4, #ARGV, 2 do
  local stored = redis.call('hget', KEYS[1], ARGV[i])
  local storedAt = stored and tonumber(string.match(stored, '^(%d+)'))
  local newAt = tonumber(string.match(ARGV[i + 1], '^(%d+)'))
  if not storedAt or storedAt <= newAt then redis.call('hset', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('expire', KEYS[1], ARGV[3])
if ARGV[2] == 'read' then return redis.call('hgetall', KEYS[1]) end
return true`;

/** 'only-if-known': change a hash that exists; 'fill': make it (a rebuild, a new account). */
type PutMode = 'only-if-known' | 'fill';

/** One call of the script, and its answer once sent. */
interface Put {
  key: string;
  mode: PutMode;
  read: 'read' | 'no-read';
  fields: string[];
  answer?: unknown;
  error?: Error;
}

/** How many calls of the script one round trip takes at most. */
const PUT_BATCH = 100;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    putAuthorHistory(
      key: string,
      mode: PutMode,
      read: 'read' | 'no-read',
      ttlSeconds: number,
      ...fieldsAndValues: string[]
    ): Result<string[] | number | null, Context>;
  }
}

function encode(entry: ActivityEntry | Tombstone): [string, string] {
  return 'textTag' in entry
    ? [entry.reviewId, `${entry.at}|${entry.createdAt}|${entry.service}|${entry.textTag}`]
    : [entry.reviewId, `${entry.at}|-`];
}

function decode(reviewId: string, value: string): ActivityEntry | null {
  const [at, createdAt, service, tag] = value.split('|');
  if (createdAt === '-' || tag === undefined) return null;
  return { reviewId, at: Number(at), createdAt: Number(createdAt), service, textTag: tag };
}

function newestFirst(entries: ActivityEntry[]): ActivityEntry[] {
  return entries.sort((a, b) => b.createdAt - a.createdAt).slice(0, AUTHOR_HISTORY_LIMIT);
}

/**
 * Each author's latest reviews (service, text tag, creation time) in a Redis hash,
 * `<prefix>:author-activity:<userId>`, for the moderation rules: see AuthorActivity, which keeps
 * them. A hash exists only while it holds every one of the author's latest reviews: a new
 * account's is made empty, and one Redis lost or never had is rebuilt from the database.
 */
@Injectable()
export class AuthorHistories {
  /** The calls made at the same moment (a job's events, screened side by side): one round trip. */
  private readonly puts = new GroupCommit<Put>((puts) => this.putAll(puts), PUT_BATCH);

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.redis.defineCommand('putAuthorHistory', { numberOfKeys: 1, lua: PUT_SCRIPT });
  }

  private key(authorId: string): string {
    return `${this.config.redis.prefix}:author-activity:${authorId}`;
  }

  /** A new account has written nothing: its history is known, and empty. */
  async startEmpty(authorId: string): Promise<void> {
    await this.put(authorId, 'fill', 'no-read', [NO_REVIEW, '0|-']);
  }

  /** Sets the entries, in a hash that exists only. */
  async note(authorId: string, ...changes: (ActivityEntry | Tombstone)[]): Promise<void> {
    await this.put(authorId, 'only-if-known', 'no-read', changes.flatMap(encode));
  }

  /**
   * Sets the entry, in a hash that exists, and answers the author's latest reviews then; null
   * when Redis holds no history of the author.
   */
  async noteAndRead(authorId: string, change: ActivityEntry): Promise<ActivityEntry[] | null> {
    const flat = (await this.put(authorId, 'only-if-known', 'read', encode(change))) as
      string[] | null;
    if (!flat) return null;
    const fields: string[] = [];
    const entries: ActivityEntry[] = [];
    for (let index = 0; index < flat.length; index += 2) {
      fields.push(flat[index]);
      const entry = decode(flat[index], flat[index + 1]);
      if (entry) entries.push(entry);
    }
    if (fields.length > TRIM_AT) void this.trim(this.key(authorId), fields, entries);
    return newestFirst(entries);
  }

  /** Makes the author's hash from their latest reviews as stored (a rebuild). */
  async fill(authorId: string, entries: ActivityEntry[]): Promise<void> {
    await this.put(authorId, 'fill', 'no-read', entries.flatMap(encode));
  }

  private async put(
    authorId: string,
    mode: PutMode,
    read: 'read' | 'no-read',
    fields: string[],
  ): Promise<unknown> {
    const put: Put = { key: this.key(authorId), mode, read, fields };
    await this.puts.add(put);
    if (put.error) throw put.error;
    return put.answer;
  }

  private async putAll(puts: Put[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const { key, mode, read, fields } of puts) {
      pipeline.putAuthorHistory(key, mode, read, KEEP_SECONDS, ...fields);
    }
    const answers = (await pipeline.exec()) ?? [];
    puts.forEach((put, index) => {
      const [error, answer] = answers[index] ?? [new Error('Redis gave no answer.')];
      put.error = error ?? undefined;
      put.answer = answer;
    });
  }

  /** Drops tombstones and the entries past the limit; the latest ones are all kept. */
  private async trim(key: string, fields: string[], entries: ActivityEntry[]): Promise<void> {
    const kept = new Set(newestFirst([...entries]).map((entry) => entry.reviewId));
    const dropped = fields.filter((field) => !kept.has(field));
    if (dropped.length > 0) await this.redis.hdel(key, ...dropped).catch(() => undefined);
  }
}
