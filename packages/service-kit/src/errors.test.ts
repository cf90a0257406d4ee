import { MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { ClientClosedError } from 'redis';
import { BrokerUnavailableError } from '@study/event-bus';
import { LockTimeoutError } from '@study/keyed-lock';
import { AppError, isDependencyUnavailable, mapError } from './errors';

const serverError = (fields: { message: string; code?: number; errorLabels?: string[] }) => new MongoServerError({ ...fields });

describe('mapError: a busy or absent dependency is a 503 with Retry-After, never a 500', () => {
  it.each([
    ['a network error', new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017')],
    ['a network timeout', new MongoNetworkTimeoutError('connection timed out')],
    ['no server found in time', new MongoServerSelectionError('Server selection timed out after 5000 ms', { type: 'Unknown', servers: new Map() } as never)],
    ["FerretDB's SQLite busy error", serverError({ message: 'database is locked (5) (SQLITE_BUSY)', code: 1 })],
    ["FerretDB's PostgreSQL away", serverError({ message: 'failed to connect to `user=postgres database=x`: dial error (dial tcp 127.0.0.1:5432: connect: connection refused)', code: 1 })],
    ['PostgreSQL out of connections', serverError({ message: 'FATAL: sorry, too many clients already (SQLSTATE 53300)', code: 1 })],
    ['a shutdown in progress', serverError({ message: 'interrupted at shutdown', code: 11600 })],
    ['a retryable write error', serverError({ message: 'not primary', code: 999_999, errorLabels: ['RetryableWriteError'] })],
    ['Redis closed', new ClientClosedError()],
    ['the broker away', new BrokerUnavailableError('no connection')],
    ['a wrapped driver error', new Error('could not save', { cause: new MongoNetworkError('socket closed') })],
    ['a socket reset the driver passed on unwrapped', Object.assign(new Error('write ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'write' })],
  ])('%s', (_what, err) => {
    expect(isDependencyUnavailable(err)).toBe(true);
    expect(mapError(err)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
  });

  it('maps a lock timeout to 503 BUSY with a short Retry-After', () => {
    expect(mapError(new LockTimeoutError('participants:x', 15_000))).toMatchObject({ status: 503, code: 'BUSY', retryAfterSeconds: 1 });
  });

  it('keeps a bug a bug: a duplicate key or a validation failure from the database is a 500', () => {
    expect(mapError(serverError({ message: 'E11000 duplicate key error', code: 11000 })).status).toBe(500);
    expect(mapError(serverError({ message: 'Document failed validation', code: 121 })).status).toBe(500);
    expect(mapError(new TypeError('x is undefined')).status).toBe(500);
  });

  it('gives an AppError with 503 a Retry-After', () => {
    expect(mapError(new AppError(503, 'OH_UNAVAILABLE', 'Open Humans is away.'))).toMatchObject({ status: 503, retryAfterSeconds: 5 });
    expect(mapError(new AppError(400, 'BAD', 'no.')).retryAfterSeconds).toBeUndefined();
  });
});
