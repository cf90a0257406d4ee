import type { Request, RequestHandler, Response } from 'express';
import { API_PREFIX, ErrorCodes, type ServiceName } from '@study/contracts';
import type { RouteBodyLimit, TrustProxy } from '../config';
import { sendError } from '../http-errors';
import { participantAccessRefusal, studyIdInBody, studyIdInPath } from '../security/participant-access';
import type { RateLimits, RateVerdict } from '../security/rate-limits';
import { bodyLimitLookup, enforceBodyLimit } from './body-limit';
import type { CircuitBreaker } from './circuit-breaker';
import { compileRouteTable } from './route-table';
import { answerUnavailable, type ServiceProxy } from './service-proxy';

export interface ApiRouterOptions {
  proxies: Record<ServiceName, ServiceProxy>;
  breakers: Record<ServiceName, CircuitBreaker>;
  /** The limit of every call not listed in routeBodyLimits. */
  bodyLimitBytes: number;
  routeBodyLimits: readonly RouteBodyLimit[];
  trustProxy: TrustProxy;
  /** Checks participant sessions (PARTICIPANT_SESSION_SECRET). */
  participantSessionSecret: string;
  /** Calls per address on public routes, per participant on theirs, and open result streams. */
  rateLimits: RateLimits;
  now?: () => Date;
}

/** 429 with Retry-After and what to do. */
function refuseAsTooMany(req: Request, res: Response, retryAfterSeconds: number, message: string): void {
  res.setHeader('Retry-After', String(retryAfterSeconds));
  sendError(req, res, 429, ErrorCodes.RATE_LIMITED, message);
}

const TOO_MANY_CALLS = (seconds: number) => `Too many requests in a short time. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
const TOO_MANY_STREAMS =
  'Your results are already open in several tabs or devices. Close one of them (or wait a minute) and reload this page.';

/** '.' or '..' segments (plain or percent-encoded) are never forwarded: no upstream expects them. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

export function hasDotSegment(path: string): boolean {
  return DOT_SEGMENT.test(path);
}

/** Under the study's API (API_PREFIX, any case): the API router's, never a page's or a remote's. */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === API_PREFIX || lower.startsWith(`${API_PREFIX}/`);
}

/** Hop-by-hop headers describe the browser's connection, not the one to the service. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade', 'expect'];

/** Content-Length / Transfer-Encoding frame the body being forwarded, Host names the site: never dropped. */
const NEVER_DROPPED = new Set(['', 'content-length', 'transfer-encoding', 'host']);

export function dropHopByHopHeaders(req: Request): void {
  const headers = req.headers;
  const connection = headers.connection;
  if (typeof connection === 'string') {
    for (const listed of connection.split(',')) {
      const name = listed.trim().toLowerCase();
      if (!NEVER_DROPPED.has(name)) delete headers[name];
    }
  }
  for (const name of HOP_BY_HOP) if (headers[name] !== undefined) delete headers[name];
}

/**
 * x-forwarded-* for the service. Values sent by the browser are kept only when the gateway
 * itself sits behind a trusted proxy; otherwise they would let a client choose its own address.
 */
function setForwardingHeaders(req: Request, trustProxy: TrustProxy): void {
  const remote = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  const trusted = trustProxy !== false && trustProxy !== 0;
  req.headers['x-forwarded-for'] = trusted && typeof prior === 'string' && prior !== '' ? `${prior}, ${remote}` : remote;
  req.headers['x-forwarded-proto'] = req.protocol;
  if (!trusted || req.headers['x-forwarded-host'] === undefined) {
    if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
    else delete req.headers['x-forwarded-host'];
  }
}

/**
 * Sends each /api call of the route table (@study/contracts apiRoutes) to the service that
 * owns it, path and body unchanged. Unknown paths answer 404 JSON, a known path with another
 * method 405, a service known to be down 503 at once.
 */
export function apiRouter(options: ApiRouterOptions): RequestHandler {
  const table = compileRouteTable(bodyLimitLookup(options.bodyLimitBytes, options.routeBodyLimits));
  const now = options.now ?? (() => new Date());
  return (req, res, next) => {
    const path = req.path;
    if (!isApiPath(path)) {
      next();
      return;
    }
    // HEAD is answered by the service's GET route.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const dotted = DOT_SEGMENT.test(path);
    const found = dotted ? undefined : table.match(path, method);
    if (!found) {
      const allowed = dotted ? [] : table.methodsFor(path);
      if (allowed.length > 0) {
        res.setHeader('Allow', allowed.join(', '));
        sendError(req, res, 405, 'METHOD_NOT_ALLOWED', `This address only accepts ${allowed.join(' or ')} requests.`);
      } else {
        sendError(req, res, 404, 'NOT_FOUND', 'There is no API call at this address.');
      }
      return;
    }
    const service = found.route.service;
    // The access log names the call by its template, never by a path that may carry a secret.
    req.apiRoute = found.route;
    if (!options.breakers[service].allowsRequests()) {
      answerUnavailable(req, res, service);
      return;
    }
    const access = found.route.access;
    const studyIdInBodyToo = access.kind === 'participant' && access.studyIdIn === 'body';
    enforceBodyLimit(
      req,
      res,
      found.bodyLimitBytes,
      (body) => {
        void (async () => {
          // Who may call what, for every participant route of the table, before a service sees the call.
          let verdict: RateVerdict | undefined;
          if (access.kind === 'participant') {
            const studyId = access.studyIdIn === 'body' ? studyIdInBody(body, req.headers) : studyIdInPath(found.route.path, path);
            const refusal = participantAccessRefusal(access, { cookie: req.headers.cookie, studyId }, options.participantSessionSecret, now());
            if (refusal) {
              sendError(req, res, refusal.status, refusal.code, refusal.message);
              return;
            }
            // Past the check, the study ID is the session's own.
            const pgId = (studyId as string).trim().toLowerCase();
            verdict = await options.rateLimits.takeParticipant(pgId);
            if (verdict.allowed && found.route.stream) {
              const release = options.rateLimits.openStream(pgId);
              if (!release) {
                refuseAsTooMany(req, res, 60, TOO_MANY_STREAMS);
                return;
              }
              res.once('close', release);
            }
          } else if (access.kind === 'anyone' || access.kind === 'webhook') {
            verdict = await options.rateLimits.takePublic(req.ip ?? req.socket.remoteAddress ?? 'unknown');
          }
          if (verdict && !verdict.allowed) {
            refuseAsTooMany(req, res, verdict.retryAfterSeconds, TOO_MANY_CALLS(verdict.retryAfterSeconds));
            return;
          }
          // Node already answered any "Expect: 100-continue"; the keep-alive agent manages the connection.
          dropHopByHopHeaders(req);
          req.headers['x-request-id'] = req.requestId;
          setForwardingHeaders(req, options.trustProxy);
          options.proxies[service](req, res);
        })().catch((err: unknown) => {
          req.log.error({ err }, 'could not check the call');
          if (!res.headersSent) sendError(req, res, 500, 'INTERNAL', 'Something went wrong on our side. Please try again later.');
        });
      },
      studyIdInBodyToo,
    );
  };
}
