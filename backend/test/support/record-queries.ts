import { join, relative } from 'node:path';
import mongoose from 'mongoose';
import { FILTERED_METHODS } from '../../src/infrastructure/filtered-methods';
import { isAppWork } from './app-scope';
import { appendQuery, QUERY_LOG_DIR_ENV, type RecordedQuery } from './query-log';

type Filter = Record<string, unknown>;
type Call = Pick<RecordedQuery, 'method' | 'filter'>;

/** Driver methods whose first argument is a filter. Inserts and index management have none. */
const FILTER_FIRST = new Set<string>([...FILTERED_METHODS, 'count']);

function bulkCalls(operations: Record<string, { filter?: Filter }>[]): Call[] {
  return operations.flatMap((operation) =>
    Object.entries(operation)
      .filter(([method]) => FILTER_FIRST.has(method))
      .map(([method, spec]) => ({ method: `bulkWrite.${method}`, filter: spec.filter ?? {} })),
  );
}

/** The filtered calls in one collection-level call mongoose makes. */
function callsOf(method: string, args: unknown[]): Call[] {
  if (FILTER_FIRST.has(method)) return [{ method, filter: (args[0] as Filter) ?? {} }];
  if (method === 'distinct') return [{ method, filter: (args[1] as Filter) ?? {} }];
  if (method === 'estimatedDocumentCount') return [{ method, filter: {} }];
  if (method === 'aggregate') {
    const [first] = (args[0] as Filter[]) ?? [];
    return [{ method, filter: first && '$match' in first ? (first.$match as Filter) : null }];
  }
  if (method === 'bulkWrite') return bulkCalls(args[0] as Record<string, { filter?: Filter }>[]);
  return [];
}

/**
 * Jest setup for every integration suite: logs each filtered call the app or the worker makes
 * (see app-scope.ts) through mongoose, for the check in global-teardown.
 */
const dir = process.env[QUERY_LOG_DIR_ENV];
if (dir) {
  const logFile = join(dir, `queries-${process.pid}.jsonl`);
  const file = relative(join(__dirname, '../..'), expect.getState().testPath ?? 'unknown');
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (!isAppWork()) return;
    for (const call of callsOf(method, args)) appendQuery(logFile, { file, collection, ...call });
  });
}
