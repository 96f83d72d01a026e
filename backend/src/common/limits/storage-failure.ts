/** Driver errors that say the database could not be reached or did not answer in time. */
const MONGO_UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  // A command's connection pool cleared by a network error on another (the store killed): the
  // driver retries a read once, and throws this when the retry meets it too.
  'PoolClearedOnNetworkError',
  'MongoServerClosedError',
  'MongoWaitQueueTimeoutError',
  'MongoOperationTimeoutError',
]);

const MAX_TIME_MS_EXPIRED = 50;

/** What FerretDB answers for an error it has no code for, its backend's included. */
const INTERNAL_ERROR = 1;

/**
 * FerretDB stays up when its PostgreSQL does not, and answers InternalError with the pgx error
 * as the message: no connection to be had ("failed to connect to", a dial error), a connection
 * cut under a command (closed, EOF, reset), or the server refusing work: SQLSTATE class 08
 * (connection exception) and 57P01–57P05 (shut down, crashed, starting up or in recovery).
 */
const FERRETDB_BACKEND_UNAVAILABLE =
  /failed to connect to|dial error|conn closed|unexpected EOF|broken pipe|connection reset by peer|SQLSTATE (08[0-9A-Z]{3}|57P0[1-5])/;

/**
 * An unordered insertMany (or a bulkWrite) wraps a driver error that is not a write error in a
 * MongoBulkWriteError without write errors, keeping only the message: of a connection cut under
 * it (FerretDB killed), refused, timed out, or a server not found or a pool cleared meanwhile.
 */
const BULK_WRITE_UNREACHABLE =
  /^connection \d+ to .+ (closed|timed out)$|ECONNRESET|ECONNREFUSED|EPIPE|Server selection timed out|pool .* was cleared|Timed out while checking out a connection/i;

function isUnreachableBulkWrite(error: Error): boolean {
  const { writeErrors } = error as { writeErrors?: unknown[] };
  return (
    error.name === 'MongoBulkWriteError' &&
    !writeErrors?.length &&
    BULK_WRITE_UNREACHABLE.test(error.message)
  );
}

/**
 * Node's own error for a write on a socket the other end had closed ("This socket has been ended
 * by the other party"): the driver lets it through unwrapped when it sends a command on a
 * connection the store closed as it was killed (seen at the chaos run's SIGKILL of FerretDB).
 */
const SOCKET_ENDED = 'EPIPE';

/** Mongoose's own: a command issued while disconnected, or a connection closed under it. */
const MONGOOSE_UNAVAILABLE = /buffering timed out|Connection was force closed/i;

/** ioredis: `commandTimeout` passed, offline with no queue, or its retries ran out. */
const REDIS_UNAVAILABLE =
  /^Command timed out$|enableOfflineQueue options is false|^Connection is closed\.?$|max retries per request/i;

/**
 * Whether an error means that storage (MongoDB or Redis) is down or too slow, rather than that
 * the request or our code is wrong: those are answered 503 with Retry-After, never 500.
 */
export function isStorageFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (MONGO_UNREACHABLE.has(error.name) || isUnreachableBulkWrite(error)) return true;
  const { code, codeName } = error as { code?: unknown; codeName?: unknown };
  if (code === MAX_TIME_MS_EXPIRED || codeName === 'MaxTimeMSExpired') return true;
  if (code === SOCKET_ENDED) return true;
  if (code === INTERNAL_ERROR && FERRETDB_BACKEND_UNAVAILABLE.test(error.message)) return true;
  if (error.name === 'MongooseError' && MONGOOSE_UNAVAILABLE.test(error.message)) return true;
  return REDIS_UNAVAILABLE.test(error.message);
}
