import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import {
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { ClientClosedError, ClientOfflineError, ConnectionTimeoutError, ReconnectStrategyError, SocketClosedUnexpectedlyError, SocketTimeoutError } from 'redis';
import { ZodError, type z } from 'zod';
import { PROBLEM_CONTENT_TYPE, problemDetails, publicPathOf, type ErrorBody } from '@study/contracts';
import type { ServerErrorReporter } from '@study/error-reporting/server';
import { BrokerUnavailableError, PublishNotConfirmedError } from '@study/event-bus';
import { LockTimeoutError } from '@study/keyed-lock';
import { packageRelease, serverErrorFields } from './error-report';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';
import { routeLabel } from './request-logging';

/** An error whose status, code and message are fit to show the caller. */
export class AppError extends Error {
  /** For a 429 or 503: how long the caller should wait, sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

interface Mapped {
  status: number;
  code: string;
  message: string;
  /** Sent as Retry-After (seconds) with a 503 or 429. */
  retryAfterSeconds?: number;
}

const MAX_ISSUES_SHOWN = 3;

function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'body' : path.map(String).join('.');
}

function describeZodIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length ? ` in ${fieldName(issue.path)}` : '';
    return `unexpected field${issue.keys.length > 1 ? 's' : ''}${where}: ${issue.keys.join(', ')}`;
  }
  // Issues carry no input unless asked for; the message says what was received.
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${fieldName(issue.path)} is required`;
  if (issue.code === 'invalid_type') return `${fieldName(issue.path)} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}`;
  return `${fieldName(issue.path)} ${issue.message}`;
}

/** 'pgId must be a version-4 UUID (...)' style text naming each bad field. */
export function describeZodError(error: ZodError): string {
  const parts = error.issues.slice(0, MAX_ISSUES_SHOWN).map(describeZodIssue);
  const more = error.issues.length > MAX_ISSUES_SHOWN ? ` (and ${error.issues.length - MAX_ISSUES_SHOWN} more)` : '';
  return `Invalid request: ${parts.join('; ')}${more}.`;
}

/** Errors raised by express's body parser carry a `type` and an http status. */
interface BodyParserError extends Error {
  type: string;
  status?: number;
  expose?: boolean;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return err instanceof Error && typeof (err as Partial<BodyParserError>).type === 'string';
}

const BODY_ERRORS: Record<string, Mapped> = {
  'entity.parse.failed': { status: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' },
  'entity.verify.failed': { status: 400, code: 'MALFORMED_JSON', message: 'The request body could not be read.' },
  'entity.too.large': { status: 413, code: 'BODY_TOO_LARGE', message: 'The request body is too large.' },
  'request.size.invalid': { status: 400, code: 'BAD_REQUEST', message: 'The request body does not match its Content-Length.' },
  'request.aborted': { status: 400, code: 'BAD_REQUEST', message: 'The request was aborted before its body arrived.' },
  'charset.unsupported': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as UTF-8 JSON.' },
  'encoding.unsupported': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body uncompressed.' },
};

/** A database, cache or broker that is busy or away: the caller should try again shortly. */
export const UNAVAILABLE_ERROR: Mapped = {
  status: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service cannot store or read this right now. Please try again in a few seconds.',
  retryAfterSeconds: 5,
};
const BUSY_ERROR: Mapped = { status: 503, code: 'BUSY', message: 'This record is busy with another change. Please try again in a moment.', retryAfterSeconds: 1 };

// Server-side codes that mean "not now" rather than "never": network and shutdown states,
// elections, time limits, lock and write conflicts.
const TRANSIENT_SERVER_CODES = new Set([6, 7, 46, 50, 89, 91, 112, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);
// FerretDB reports its backend's trouble as a generic error: SQLite busy or locked, PostgreSQL
// away, restarting, out of connections or cancelling a statement.
const TRANSIENT_BACKEND_MESSAGE =
  /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked|connection refused|failed to connect|dial error|too many clients|the database system is (starting up|shutting down|in recovery mode)|terminating connection|server closed the connection|conn closed|connection reset|canceling statement|deadlock detected|context deadline exceeded|i\/o timeout/i;
const DRIVER_UNAVAILABLE_NAMES = new Set(['MongoPoolClearedError', 'MongoWaitQueueTimeoutError', 'MongoServerClosedError']);

/** A dependency that is busy or away (database, Redis, broker), looking through `cause` chains. */
export function isDependencyUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (isUnavailableItself(current)) return true;
  }
  return false;
}

const SOCKET_UNAVAILABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH']);

function isUnavailableItself(err: Error): boolean {
  if (
    err instanceof MongoNetworkError ||
    err instanceof MongoServerSelectionError ||
    err instanceof MongoNotConnectedError ||
    err instanceof MongoTopologyClosedError ||
    err instanceof MongoOperationTimeoutError ||
    DRIVER_UNAVAILABLE_NAMES.has(err.name)
  ) {
    return true;
  }
  if (err instanceof MongoServerError) {
    if (err.hasErrorLabel('RetryableWriteError') || err.hasErrorLabel('TransientTransactionError')) return true;
    if (typeof err.code === 'number' && TRANSIENT_SERVER_CODES.has(err.code)) return true;
    return TRANSIENT_BACKEND_MESSAGE.test(err.message);
  }
  // A socket error the driver passed on unwrapped (e.g. `write ECONNRESET` while the database restarts).
  if (SOCKET_UNAVAILABLE_CODES.has((err as NodeJS.ErrnoException).code ?? '')) return true;
  return (
    err instanceof ClientClosedError ||
    err instanceof ClientOfflineError ||
    err instanceof ConnectionTimeoutError ||
    err instanceof SocketClosedUnexpectedlyError ||
    err instanceof SocketTimeoutError ||
    err instanceof ReconnectStrategyError ||
    err instanceof BrokerUnavailableError ||
    err instanceof PublishNotConfirmedError
  );
}

export const INTERNAL_ERROR: Mapped = { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again later.' };

/** Maps any thrown value to what the caller sees. Unknown errors never leak their message. */
export function mapError(err: unknown): Mapped {
  if (err instanceof AppError) {
    const retryAfter = err.retryAfterSeconds;
    return {
      status: err.status,
      code: err.code,
      message: err.message,
      ...(typeof retryAfter === 'number' ? { retryAfterSeconds: retryAfter } : err.status === 503 ? { retryAfterSeconds: UNAVAILABLE_ERROR.retryAfterSeconds } : {}),
    };
  }
  if (err instanceof LockTimeoutError) return BUSY_ERROR;
  if (isDependencyUnavailable(err)) return UNAVAILABLE_ERROR;
  if (err instanceof ZodError) return { status: 400, code: 'VALIDATION_FAILED', message: describeZodError(err) };
  if (isBodyParserError(err)) {
    const known = BODY_ERRORS[err.type];
    if (known) return known;
    if (err.expose && err.status && err.status >= 400 && err.status < 500) return { status: err.status, code: 'BAD_REQUEST', message: 'The request could not be read.' };
  }
  return INTERNAL_ERROR;
}

export function errorBody(mapped: Mapped, requestId: string, instance?: string): ErrorBody {
  return problemDetails({ status: mapped.status, code: mapped.code, message: mapped.message, requestId, instance });
}

/** Sends an error answer as Problem Details (application/problem+json). */
function sendProblem(res: Response, body: ErrorBody): void {
  res.status(body.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

export interface ErrorHandlerOptions {
  /** The deployable (svc-scoring): a 500's log line names its release from its package.json. */
  part?: string;
  /** Sends a 500 to the Sentry or GlitchTip project ERROR_REPORTING_DSN names, once the answer is written. */
  report?: ServerErrorReporter;
}

/**
 * The one error handler: every failure becomes the shared JSON error body. A 500 is logged like
 * a browser's error report at the gateway: route template, release, and a stack of 20 frames at most;
 * with a DSN set, it is sent to that project too, after the answer and without holding it.
 */
export function errorHandler({ part, report }: ErrorHandlerOptions = {}): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      // Too late for a JSON answer; let express end the connection.
      next(err);
      return;
    }
    const mapped = mapError(err);
    const unhandled = mapped.status >= 500 && mapped.status !== 503;
    const route = routeLabel(req);
    if (mapped.status === 503) req.log?.warn({ err }, 'dependency busy or unavailable; answered 503');
    else if (unhandled) req.log?.error(serverErrorFields(err, { route, release: part ? packageRelease(part) : 'unknown' }), 'unhandled error');
    else req.log?.debug({ code: mapped.code, reason: mapped.message }, 'request refused');
    if (mapped.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(mapped.retryAfterSeconds))));
    sendProblem(res, errorBody(mapped, req.requestId, publicPathOf(req.originalUrl)));
    if (unhandled && report && req.log) report(err, { route, method: req.method }, req.log);
  };
}

/** JSON 404 for any path no route answered. */
export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    sendProblem(res, errorBody({ status: 404, code: 'NOT_FOUND', message: 'There is nothing at this address.' }, req.requestId, publicPathOf(req.originalUrl)));
  };
}
