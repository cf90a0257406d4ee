import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import type { ServiceName } from '@study/contracts';
import type { Agents } from '../health/http-get';
import { sendError } from '../http-errors';
import type { CircuitBreaker } from './circuit-breaker';
import { ANSWER_TIMEOUT, limitUpstreamWaits, UNREACHABLE_CODES } from './upstream-timeouts';

export interface ServiceProxyOptions {
  name: ServiceName;
  origin: string;
  agents: Agents;
  breaker: CircuitBreaker;
  connectTimeoutMs: number;
  upstreamTimeoutMs: number;
}

export type ServiceProxy = (req: Request, res: Response) => void;

export function unavailableMessage(name: ServiceName): string {
  return `The ${name} service is unavailable. Please try again shortly.`;
}

export function answerUnavailable(req: Request, res: Response, name: ServiceName): void {
  res.setHeader('Retry-After', '5');
  sendError(req, res, 503, 'SERVICE_UNAVAILABLE', unavailableMessage(name));
}

/**
 * Forwards requests to one service, path and body unchanged. A service that cannot be
 * reached answers 503 SERVICE_UNAVAILABLE and opens its breaker; one that stays silent past
 * the answer timeout gets 504 UPSTREAM_TIMEOUT. Never logs the URL: paths can carry secrets.
 */
export function createServiceProxy(options: ServiceProxyOptions): ServiceProxy {
  const { name, breaker } = options;
  const https = options.origin.startsWith('https:');
  const proxy = createProxyMiddleware({
    target: options.origin,
    agent: https ? options.agents.https : options.agents.http,
    // The services see the browser's Host, e.g. to build links back to this origin.
    changeOrigin: false,
    // Forwarding headers are set by the API router, which knows whether to trust incoming ones.
    xfwd: false,
    // Our own error answer replaces the default plugin's plain-text one, and no logger plugin
    // (it prints full URLs).
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    on: {
      proxyReq: (proxyReq) => {
        limitUpstreamWaits(proxyReq, options.connectTimeoutMs, options.upstreamTimeoutMs);
      },
      proxyRes: (proxyRes) => {
        breaker.recordReachable();
        // A result stream (Server-Sent Events) stays open and quiet between events: no answer timeout for it.
        if (String(proxyRes.headers['content-type'] ?? '').startsWith('text/event-stream')) proxyRes.socket.setTimeout(0);
        // The browser sees one origin: no framework banner, and never a Referer carrying a path secret.
        delete proxyRes.headers['x-powered-by'];
        proxyRes.headers['referrer-policy'] = 'no-referrer';
      },
      error: (err: NodeJS.ErrnoException, incoming, res) => {
        const req = incoming as Request;
        const code = err.code;
        if (code && UNREACHABLE_CODES.has(code)) breaker.recordUnreachable();
        req.log?.warn({ upstream: name, errorCode: code ?? 'UNKNOWN' }, 'service call failed');
        const response = res as ServerResponse;
        if (typeof response.writeHead !== 'function') return;
        if (response.headersSent) {
          // The answer was already under way: cut it so the client sees it is incomplete.
          response.destroy();
          return;
        }
        if (code === ANSWER_TIMEOUT) {
          sendError(req, res as Response, 504, 'UPSTREAM_TIMEOUT', `The ${name} service took too long to answer. Please try again shortly.`);
        } else {
          answerUnavailable(req, res as Response, name);
        }
      },
    },
  });
  return (req, res) => {
    // Errors are answered by the error hook above; nothing reaches express's next().
    void proxy(req, res, () => answerUnavailable(req, res, name));
  };
}
