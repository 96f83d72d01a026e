/** Driver errors that say the database could not be reached or did not answer in time. */
const MONGO_UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
  'MongoOperationTimeoutError',
]);

const MAX_TIME_MS_EXPIRED = 50;

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
  if (MONGO_UNREACHABLE.has(error.name)) return true;
  const { code, codeName } = error as { code?: unknown; codeName?: unknown };
  if (code === MAX_TIME_MS_EXPIRED || codeName === 'MaxTimeMSExpired') return true;
  if (error.name === 'MongooseError' && MONGOOSE_UNAVAILABLE.test(error.message)) return true;
  return REDIS_UNAVAILABLE.test(error.message);
}
