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

/**
 * http-proxy streams the incoming request into the upstream one with `req.pipe(...)`. A body
 * the gateway already read is sent from memory instead, with an exact Content-Length.
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
}

/**
 * Lets a request through only if its body fits `limitBytes`, so an oversized body never
 * reaches a service. A declared Content-Length is checked up front and the body then streams
 * through; a chunked body has no declared size, so it is read into memory (at most the limit)
 * and forwarded once complete.
 */
export function enforceBodyLimit(req: Request, res: Response, limitBytes: number, proceed: () => void): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    // Node has already rejected a Content-Length that is not a number.
    if (Number(declared) > limitBytes) refuse(req, res, limitBytes);
    else proceed();
    return;
  }
  if (req.headers['transfer-encoding'] === undefined) {
    proceed();
    return;
  }
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
    replayFromMemory(req, Buffer.concat(chunks, received));
    proceed();
  };
  req.on('data', onData);
  req.on('end', onEnd);
  // A client that gives up mid-body gets no answer; nothing was sent upstream.
  req.on('error', () => undefined);
}
