import { Logger } from '@nestjs/common';
import { Error as MongooseError } from 'mongoose';
import {
  MongoBulkWriteError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
} from 'mongodb';
import { ApiExceptionFilter } from '../api-exception.filter';
import { isStorageFailure } from './storage-failure';

function answerTo(exception: unknown) {
  const headers: Record<string, string> = {};
  const answer: { status?: number; body?: Record<string, unknown>; headers: typeof headers } = {
    headers,
  };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (headers[name] = value),
    status(code: number) {
      answer.status = code;
      return this;
    },
    json: (body: Record<string, unknown>) => (answer.body = body),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) };
  new ApiExceptionFilter().catch(exception, host as never);
  return answer;
}

const storageFailures: [string, Error][] = [
  [
    'no server could be selected',
    new MongoServerSelectionError('Server selection timed out', {} as never),
  ],
  ['a network error', new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed')],
  ['a socket timeout', new MongoNetworkTimeoutError('connection timed out')],
  // The driver does not export it; its name is what tells it apart.
  [
    'a pool cleared by a network error on another connection',
    Object.defineProperty(new Error('Connection pool for 127.0.0.1:27027 was cleared'), 'name', {
      value: 'PoolClearedOnNetworkError',
    }),
  ],
  ['a server closed meanwhile', new MongoServerClosedError()],
  // What the driver let through when FerretDB was killed as a command was written.
  [
    'a command written on a socket the store had closed',
    Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' }),
  ],
  // What an unordered insertMany throws when FerretDB is killed under it.
  [
    'a network error under an unordered insert',
    new MongoBulkWriteError(
      new MongoNetworkError('connection 12 to 127.0.0.1:43083 closed'),
      {} as never,
    ),
  ],
  [
    'a reset connection under an unordered insert',
    new MongoBulkWriteError(new MongoNetworkError('read ECONNRESET'), {} as never),
  ],
  [
    'maxTimeMS expired (code 50)',
    new MongoServerError({ code: 50, codeName: 'MaxTimeMSExpired', errmsg: 'time limit' }),
  ],
  [
    'FerretDB without its PostgreSQL (a dial error)',
    new MongoServerError({
      code: 1,
      codeName: 'InternalError',
      errmsg:
        '[collection.go:109 postgresql.(*collection).Query] failed to connect to `user=postgres database=ferretdb`: /tmp/pg/.s.PGSQL.5432 (/tmp/pg): dial error (dial unix /tmp/pg/.s.PGSQL.5432: connect: no such file or directory)',
    }),
  ],
  [
    'FerretDB whose PostgreSQL crashed under a command (SQLSTATE 57P01)',
    new MongoServerError({
      code: 1,
      codeName: 'InternalError',
      errmsg:
        '[msg_insert.go:168 handler.(*Handler).MsgInsert] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)',
    }),
  ],
  [
    'FerretDB whose PostgreSQL is still recovering (SQLSTATE 57P03)',
    new MongoServerError({
      code: 1,
      codeName: 'InternalError',
      errmsg: 'FATAL: the database system is not yet accepting connections (SQLSTATE 57P03)',
    }),
  ],
  [
    "mongoose's buffering timeout",
    new MongooseError('Operation `reviews.find()` buffering timed out after 10000ms'),
  ],
  ['a force-closed connection', new MongooseError('Connection was force closed')],
  ['a Redis command timeout', new Error('Command timed out')],
  [
    'Redis offline without a queue',
    new Error("Stream isn't writeable and enableOfflineQueue options is false"),
  ],
  ['a closed Redis connection', new Error('Connection is closed.')],
];

describe('storage failures', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it.each(storageFailures)('%s is a storage failure', (_name, error) => {
    expect(isStorageFailure(error)).toBe(true);
  });

  it.each([
    ['a duplicate key', new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key' })],
    [
      'another FerretDB internal error',
      new MongoServerError({ code: 1, codeName: 'InternalError', errmsg: 'unexpected type' }),
    ],
    [
      'a PostgreSQL error that is not about the connection',
      new MongoServerError({
        code: 1,
        codeName: 'InternalError',
        errmsg: 'ERROR: value too long for type (SQLSTATE 22001)',
      }),
    ],
    [
      'an unordered insert refused by a unique index',
      new MongoBulkWriteError(
        {
          message: 'E11000 duplicate key',
          code: 11000,
          writeErrors: [{ index: 0, code: 11000 }] as never,
        },
        {} as never,
      ),
    ],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a validation error from mongoose', new MongooseError('Validation failed')],
    ['not an error', 'Command timed out'],
  ])('%s is not', (_name, error) => {
    expect(isStorageFailure(error)).toBe(false);
  });

  it.each(storageFailures)('%s is answered 503 with Retry-After and a sentence', (_name, error) => {
    const answer = answerTo(error);
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toMatch(/^\d+$/);
    expect(answer.body).toEqual({
      statusCode: 503,
      code: 'STORAGE_UNAVAILABLE',
      error: expect.stringMatching(/^[A-Z].*\.$/),
    });
  });

  it('leaves other errors a 500 without Retry-After', () => {
    const answer = answerTo(new TypeError('a bug'));
    expect(answer.status).toBe(500);
    expect(answer.headers['Retry-After']).toBeUndefined();
  });
});
