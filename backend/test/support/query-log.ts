import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';

const { EJSON } = mongoose.mongo.BSON;

/** The directory, made by global-setup for one run, where each test process logs its queries. */
export const QUERY_LOG_DIR_ENV = 'QUERY_LOG_DIR';

/** One filtered call the app or the worker sent to a collection. */
export interface RecordedQuery {
  /** The test file that was running, relative to backend/. */
  file: string;
  collection: string;
  method: string;
  /** The filter; for an aggregate its first `$match`, or null when it starts with none. */
  filter: Record<string, unknown> | null;
}

/** Canonical Extended JSON keeps ObjectIds, dates and integers apart from strings and doubles. */
export function appendQuery(logFile: string, query: RecordedQuery): void {
  appendFileSync(logFile, `${EJSON.stringify(query, { relaxed: false })}\n`);
}

export function readQueryLog(dir: string): RecordedQuery[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.length > 0)
    .map((line) => EJSON.parse(line, { relaxed: true }) as RecordedQuery);
}
