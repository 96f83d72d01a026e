import { noteUncachedRead } from '../common/read-cache/read-cache';
import { noteCommit } from '../common/limits/request-deadline';
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

/**
 * Marks the request committed at every write that succeeded (see noteCommit): from then on the
 * request deadline no longer answers it 503, as the change is stored.
 */
function databaseWritesPlugin(schema: Schema): void {
  schema.post(WRITE_QUERIES, noteCommit);
  schema.post('save', noteCommit);
  schema.post('insertMany', noteCommit);
  schema.post('bulkWrite', noteCommit);
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
    socketTimeoutMS: 2 * queryTimeoutMs,
    bufferCommands: false,
    connectionFactory: (connection: Connection): Connection =>
      connection.plugin(timeLimitPlugin(queryTimeoutMs))
        .plugin(databaseReadsPlugin)
        .plugin(databaseWritesPlugin),
  };
}
