import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
// The module alone: the gateway uses this middleware and must not pull the broker client in.
import { withCorrelationId } from '@study/event-bus/trace-context';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The caller's request id when it is safe to log and echo, otherwise a fresh one. */
export function chooseRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id, echoed in the x-request-id response header, and runs the rest of
 * the request with it as the correlation id of every event its use case creates.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    req.requestId = chooseRequestId(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    withCorrelationId(req.requestId, next);
  };
}
