import type { Request, Response } from 'express';
import type { ServiceName } from '@study/contracts';
import type { Agents } from '../health/http-get';
import { sendError } from '../http-errors';
import type { CircuitBreaker } from './circuit-breaker';
import { createUpstreamProxy, type UpstreamProxy } from './upstream-proxy';

export interface ServiceProxyOptions {
  name: ServiceName;
  origin: string;
  agents: Agents;
  breaker: CircuitBreaker;
  connectTimeoutMs: number;
  upstreamTimeoutMs: number;
}

export type ServiceProxy = UpstreamProxy;

export function unavailableMessage(name: ServiceName): string {
  return `The ${name} service is unavailable. Please try again shortly.`;
}

export function answerUnavailable(req: Request, res: Response, name: ServiceName): void {
  res.setHeader('Retry-After', '5');
  sendError(req, res, 503, 'SERVICE_UNAVAILABLE', unavailableMessage(name));
}

/**
 * Forwards requests to one service, path and body unchanged. A service that cannot be
 * reached answers 503 SERVICE_UNAVAILABLE (and, on evidence, opens its breaker); one that
 * stays silent past the answer timeout gets 504 UPSTREAM_TIMEOUT. Never logs the URL: paths
 * can carry secrets.
 */
export function createServiceProxy(options: ServiceProxyOptions): ServiceProxy {
  const { name } = options;
  return createUpstreamProxy({
    name,
    origin: options.origin,
    agents: options.agents,
    breaker: options.breaker,
    connectTimeoutMs: options.connectTimeoutMs,
    answerTimeoutMs: options.upstreamTimeoutMs,
    // The services see the browser's Host, e.g. to build links back to this origin.
    changeOrigin: false,
    failureMessage: 'service call failed',
    onResponse: (proxyRes) => {
      // The browser sees one origin: never a Referer carrying a path secret.
      proxyRes.headers['referrer-policy'] = 'no-referrer';
    },
    onFailure: (req, res, failure) => {
      if (failure === 'timeout') sendError(req, res, 504, 'UPSTREAM_TIMEOUT', `The ${name} service took too long to answer. Please try again shortly.`);
      else answerUnavailable(req, res, name);
    },
  });
}
