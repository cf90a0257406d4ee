import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { apiRoutes, type ApiRoute } from '@study/contracts';
import type { RouteBodyLimit } from '../config';
import { sendError } from '../http-errors';

function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/**
 * The body limit of each route: the per-route table, else the default. Every table entry must
 * name a route of the route table exactly, so a renamed route fails at start instead of
 * silently falling back to the default limit.
 */
export function bodyLimitLookup(defaultBytes: number, perRoute: readonly RouteBodyLimit[]): (route: ApiRoute) => number {
  const known = new Set(apiRoutes.map(routeKey));
  const limits = new Map<string, number>();
  for (const entry of perRoute) {
    const key = routeKey(entry);
    if (!known.has(key)) throw new Error(`body limit for ${key}: there is no such route in the route table`);
    limits.set(key, entry.limitBytes);
  }
  return (route) => limits.get(routeKey(route)) ?? defaultBytes;
}

function describeSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

function refuse(req: Request, res: Response, limitBytes: number): void {
  // The rest of the body is not wanted: close the connection rather than read it all.
  res.setHeader('Connection', 'close');
  sendError(req, res, 413, 'BODY_TOO_LARGE', `The request body is too large: the limit is ${describeSize(limitBytes)}.`);
}

/** Bodies up to this size are read before forwarding, so the request can be sent again (see hasReplayableBody). */
export const REPLAY_BUFFER_BYTES = 64 * 1024;

const REPLAYABLE = Symbol('replayable body');
type Replayable = IncomingMessage & { [REPLAYABLE]?: true };

/**
 * http-proxy streams the incoming request into the upstream one with `req.pipe(...)`. A body
 * the gateway already read is sent from memory instead, with an exact Content-Length, as
 * many times as the request is sent.
 */
function replayFromMemory(req: IncomingMessage, body: Buffer): void {
  delete req.headers['transfer-encoding'];
  req.headers['content-length'] = String(body.length);
  Object.defineProperty(req, 'pipe', {
    configurable: true,
    value: <T extends NodeJS.WritableStream>(destination: T): T => {
      destination.end(body);
      return destination;
    },
  });
  (req as Replayable)[REPLAYABLE] = true;
}

function hasNoBody(req: IncomingMessage): boolean {
  const declared = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (declared === undefined || Number(declared) === 0);
}

/** Whether the request can be sent upstream again: it has no body, or its body is in memory. */
export function hasReplayableBody(req: IncomingMessage): boolean {
  return (req as Replayable)[REPLAYABLE] === true || hasNoBody(req);
}

/** Reads the body into memory, refusing it once it grows past `limitBytes`; then forwards it from memory. */
function readThenProceed(req: Request, res: Response, limitBytes: number, proceed: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let refused = false;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limitBytes) {
      chunks.push(chunk);
      return;
    }
    refused = true;
    req.off('data', onData);
    req.off('end', onEnd);
    chunks.length = 0;
    refuse(req, res, limitBytes);
    // Discard whatever is still in flight until the connection closes.
    req.resume();
  };
  const onEnd = () => {
    if (refused) return;
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
    replayFromMemory(req, body);
    proceed(body);
  };
  req.on('data', onData);
  req.on('end', onEnd);
  // A client that gives up mid-body gets no answer; nothing was sent upstream.
  req.on('error', () => undefined);
}

/**
 * Lets a request through only if its body fits `limitBytes`, so an oversized body never
 * reaches a service. A declared Content-Length is checked up front. A small body (up to
 * REPLAY_BUFFER_BYTES) and a chunked one (no declared size) are read into memory first (at
 * most the limit) and forwarded once complete, so the call can be sent again if a reused
 * connection fails; a larger declared body streams through, unless `mustRead` (the gateway
 * reads it itself). `proceed` gets the body when it was read.
 */
export function enforceBodyLimit(req: Request, res: Response, limitBytes: number, proceed: (body?: Buffer) => void, mustRead = false): void {
  if (hasNoBody(req)) {
    proceed();
    return;
  }
  const declared = req.headers['content-length'];
  if (declared !== undefined && req.headers['transfer-encoding'] === undefined) {
    // Node has already rejected a Content-Length that is not a number.
    const size = Number(declared);
    if (size > limitBytes) refuse(req, res, limitBytes);
    else if (size <= REPLAY_BUFFER_BYTES || mustRead) readThenProceed(req, res, limitBytes, proceed);
    else proceed();
    return;
  }
  readThenProceed(req, res, limitBytes, proceed);
}
