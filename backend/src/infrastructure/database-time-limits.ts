import { noteUncachedRead } from '../common/read-cache/read-cache';
import { noteWriteEnd, noteWriteStart } from '../common/limits/request-deadline';
import type { Aggregate, Connection, MongooseQueryMiddleware, Query, Schema } from 'mongoose';
import { FILTERED_METHODS } from './filtered-methods';

/** How long the driver waits to find a server, and to open a connection to it. */
const REACH_TIMEOUT_MS = 3000;

/**
 * The database operations that take `maxTimeMS`. FerretDB v1 enforces it on find, aggregate
 * (which countDocuments uses) and findAndModify, and accepts and ignores it on count, update
 * and delete; it rejects it on `distinct`, so that is left out.
 */
const TIMED_QUERIES: MongooseQueryMiddleware[] = [...FILTERED_METHODS, 'estimatedDocumentCount'];

/**
 * Marks the request's read trace at every query (see noteUncachedRead): the response cache
 * keeps only answers that came wholly from cached reads.
 */
function databaseReadsPlugin(schema: Schema): void {
  schema.pre(TIMED_QUERIES, noteUncachedRead);
  schema.pre('aggregate', noteUncachedRead);
}

/** The operations that store a change. */
const WRITE_QUERIES: MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'replaceOne',
  'deleteOne',
  'deleteMany',
];

/** The document and model operations that store a change. */
const WRITE_OPERATIONS = ['save', 'insertMany', 'bulkWrite'] as const;

/**
 * Follows the request's writes (see noteWriteStart): one that succeeded marks the request
 * committed, so that the request deadline no longer answers it 503, as the change is stored; one
 * under way as the deadline passes is waited for. Mongoose takes a post hook of three parameters
 * as the one that runs when the operation failed.
 */
function databaseWritesPlugin(schema: Schema): void {
  const stored = () => noteWriteEnd(true);
  const failed = (error: Error, _result: unknown, next: (error?: Error) => void) => {
    noteWriteEnd(false);
    next(error);
  };
  schema.pre(WRITE_QUERIES, noteWriteStart);
  schema.post(WRITE_QUERIES, stored);
  schema.post(WRITE_QUERIES, failed);
  for (const operation of WRITE_OPERATIONS) {
    schema.pre(operation as 'save', noteWriteStart);
    schema.post(operation as 'save', stored);
    schema.post(operation as 'save', failed);
  }
}

/** Gives every query and aggregation of the schema's model `maxTimeMS`, unless it sets its own. */
export function timeLimitPlugin(maxTimeMS: number) {
  return (schema: Schema): void => {
    schema.pre(TIMED_QUERIES, function (this: Query<unknown, unknown>) {
      if (this.getOptions().maxTimeMS === undefined) this.maxTimeMS(maxTimeMS);
    });
    schema.pre('aggregate', function (this: Aggregate<unknown>) {
      if (this.options.maxTimeMS === undefined) this.option({ maxTimeMS });
    });
  };
}

/** How long a database call may stay silent before the driver drops its connection. */
export function databaseSocketTimeoutMs(queryTimeoutMs: number): number {
  return 2 * queryTimeoutMs;
}

/**
 * Connection options so that no call waits for a dead or silent database: the driver gives up
 * finding or reaching a server after a few seconds, drops a connection that stays silent for
 * twice the query limit (inserts, and servers too stuck to enforce maxTimeMS), and mongoose
 * sends every command at once instead of holding it until a connection comes back.
 */
export function databaseTimeLimits(queryTimeoutMs: number) {
  return {
    serverSelectionTimeoutMS: REACH_TIMEOUT_MS,
    connectTimeoutMS: REACH_TIMEOUT_MS,
    socketTimeoutMS: databaseSocketTimeoutMs(queryTimeoutMs),
    bufferCommands: false,
    connectionFactory: (connection: Connection): Connection =>
      connection
        .plugin(timeLimitPlugin(queryTimeoutMs))
        .plugin(databaseReadsPlugin)
        .plugin(databaseWritesPlugin),
  };
}
