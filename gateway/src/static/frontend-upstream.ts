import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { getJson, type Agents } from '../health/http-get';
import { sendError } from '../http-errors';
import { dropHopByHopHeaders } from '../routing/api-router';
import { CircuitBreaker } from '../routing/circuit-breaker';
import { createUpstreamProxy, type UpstreamFailure } from '../routing/upstream-proxy';
import { cacheControlFor, NO_CACHE } from './cache-control';

/** unavailable: nobody answers (or the server failed); timeout: connected, but no answer in time. */
export type FrontendFailure = UpstreamFailure;

export interface FrontendUpstreamOptions {
  /** For logs: shell, mf_consent, ... */
  name: string;
  /** The frontend's web server, e.g. http://mf-consent; paths are forwarded unchanged. */
  origin: string;
  agents: Agents;
  connectTimeoutMs: number;
  answerTimeoutMs: number;
  /** How often a server marked down is probed, and how long a probe waits. */
  probeIntervalMs: number;
  probeTimeoutMs: number;
  logger: Logger;
  /** How this frontend tells the browser it cannot be served right now. */
  answerFailure: (req: Request, res: Response, failure: FrontendFailure) => void;
}

export interface FrontendUpstream {
  /** Forwards a GET or HEAD for one of the frontend's files (or, for the shell, an app page). */
  forward(req: Request, res: Response): void;
  stop(): void;
}

/** Answers that mean "no such file": the gateway answers its own JSON 404 instead. */
const NOT_FOUND_STATUSES = new Set([403, 404, 410]);
/** Answers whose cache header follows the file (the same rule as files served from disk). */
const FILE_ANSWER_STATUSES = new Set([200, 203, 204, 206, 304]);
/** Credentials of this origin are no business of a static file server. */
const CREDENTIAL_HEADERS = ['cookie', 'authorization', 'x-master-key'];

function isHtml(proxyRes: IncomingMessage): boolean {
  return /^text\/html\b/i.test(String(proxyRes.headers['content-type'] ?? ''));
}

/** A request for a file (/main.3f2a9c1b.js), rather than an app page (/survey/123) or a folder. */
export function isFileRequest(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

/**
 * A web server with a single-page fallback (nginx `try_files $uri /index.html`) answers a
 * missing script with index.html: for a file other than a page, that is a 404, never an HTML
 * body under a script's name.
 */
function isFallbackPage(pathname: string, proxyRes: IncomingMessage): boolean {
  return proxyRes.statusCode === 200 && isFileRequest(pathname) && !/\.html?$/i.test(pathname) && isHtml(proxyRes);
}

/** Pages are always revalidated; files follow the same rule as when served from disk. */
function cacheControlForAnswer(pathname: string, proxyRes: IncomingMessage): string {
  if (!FILE_ANSWER_STATUSES.has(proxyRes.statusCode ?? 0)) return 'no-store';
  return isHtml(proxyRes) ? NO_CACHE : cacheControlFor(pathname);
}

/**
 * One frontend served by its own web server (a container in docker-compose). The browser
 * sees the same answers as when the gateway serves the files itself: the gateway's cache
 * headers (the upstream's are replaced), its security headers, and JSON 404s for missing
 * files. A server that cannot be reached opens a circuit breaker, so its files fail at once
 * (and the shell shows its fallback) until a background probe reaches it again.
 */
export function createFrontendUpstream(options: FrontendUpstreamOptions): FrontendUpstream {
  const { name, logger } = options;
  const breaker = new CircuitBreaker({
    probeIntervalMs: options.probeIntervalMs,
    // Any HTTP answer means the server is there, whatever it says about /healthz.
    probe: async () => (await getJson(`${options.origin}/healthz`, { agents: options.agents, timeoutMs: options.probeTimeoutMs })).reachable,
    onChange: (state, evidence) =>
      state === 'open'
        ? logger.warn({ upstream: name, evidence }, 'frontend server unreachable: its files answer 503 until it is back')
        : logger.info({ upstream: name }, 'frontend server reachable again'),
  });

  const proxy = createUpstreamProxy({
    name,
    origin: options.origin,
    agents: options.agents,
    breaker,
    connectTimeoutMs: options.connectTimeoutMs,
    answerTimeoutMs: options.answerTimeoutMs,
    // A static file server answers for its own name, not this site's.
    changeOrigin: true,
    // A redirect to the upstream's own address is rewritten to this origin.
    autoRewrite: true,
    failureMessage: 'frontend server call failed',
    onResponse: (proxyRes, req, res) => {
      const status = proxyRes.statusCode ?? 502;
      if (status >= 500) {
        // Answering ourselves ends the response, so the proxy sends none of the upstream's.
        proxyRes.resume();
        req.log?.warn({ upstream: name, upstreamStatus: status }, 'frontend server failed');
        options.answerFailure(req, res, 'unavailable');
        return;
      }
      if (NOT_FOUND_STATUSES.has(status) || isFallbackPage(req.path, proxyRes)) {
        proxyRes.resume();
        sendError(req, res, 404, 'NOT_FOUND', 'There is nothing at this address.');
        return;
      }
      // The gateway's own headers (security headers, request id) win over the upstream's.
      for (const header of res.getHeaderNames()) delete proxyRes.headers[header];
      delete proxyRes.headers.server;
      proxyRes.headers['cache-control'] = cacheControlForAnswer(req.path, proxyRes);
    },
    onFailure: (req, res, failure) => options.answerFailure(req, res, failure),
  });

  return {
    forward(req, res) {
      if (!breaker.allowsRequests()) {
        options.answerFailure(req, res, 'unavailable');
        return;
      }
      dropHopByHopHeaders(req);
      for (const header of CREDENTIAL_HEADERS) delete req.headers[header];
      req.headers['x-request-id'] = req.requestId;
      proxy(req, res);
    },
    stop() {
      breaker.stop();
    },
  };
}
