import { once } from 'node:events';
import http from 'node:http';
import express, { type RequestHandler } from 'express';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { ServiceName } from '@study/contracts';
import { createServiceMetrics, metricsRoute, type ServiceMetrics } from '@study/service-kit';
import type { BreakerPhase, CircuitBreaker } from '../routing/circuit-breaker';
import type {} from '../express-types';

/** The breaker gauge's values. */
export const BREAKER_PHASE_VALUE: Readonly<Record<BreakerPhase, number>> = { closed: 0, 'half-open': 1, open: 2 };

/** Seconds: a quick call (5 ms) up to the answer timeout and a result stream held open. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface GatewayMetrics extends ServiceMetrics {
  /** Observes each /api call the route table knows, by its upstream and status, when its answer is done. */
  upstreamRequests: RequestHandler;
}

/**
 * The gateway's Prometheus metrics, in a registry of its own: the process's, each service's
 * breaker (`study_gateway_breaker_state{upstream}`: 0 closed, 1 half-open, 2 open, read when
 * scraped) and the calls sent through it (`study_gateway_upstream_requests_total{upstream, status}`,
 * their durations in `study_gateway_upstream_request_duration_seconds`, result streams left out).
 */
export function createGatewayMetrics(breakers: Record<ServiceName, CircuitBreaker>): GatewayMetrics {
  const metrics = createServiceMetrics('gateway');
  const registers = [metrics.registry];
  new Gauge({
    name: 'study_gateway_breaker_state',
    help: "Each service's circuit breaker: 0 closed, 1 half-open (probing), 2 open (its routes answer 503)",
    labelNames: ['upstream'] as const,
    registers,
    collect() {
      for (const [upstream, breaker] of Object.entries(breakers)) this.set({ upstream }, BREAKER_PHASE_VALUE[breaker.phase]);
    },
  });
  const labelNames = ['upstream', 'status'] as const;
  const requests = new Counter({
    name: 'study_gateway_upstream_requests_total',
    help: "API calls through the gateway by the service that owns them and the status answered, the gateway's own refusals and result streams among them",
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'study_gateway_upstream_request_duration_seconds',
    help: 'The durations in seconds of the API calls through the gateway, by owning service and status; result streams, open for minutes, are left out',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const upstreamRequests: RequestHandler = (req, res, next) => {
    const started = performance.now();
    // 'close' follows 'finish' for every answer, and comes alone when the client went away first.
    res.once('close', () => {
      // Set by the API router once the call matched the route table: anything else has no upstream.
      const route = req.apiRoute;
      if (!route) return;
      const labels = { upstream: route.service, status: String(res.headersSent ? res.statusCode : 499) };
      requests.inc(labels);
      // A stream's duration is how long the page stayed open, not how fast it was served.
      if (!route.stream) duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
  return { ...metrics, upstreamRequests };
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT), never on the public origin: the public
 * app has no /metrics route, and its /api router forwards only the route table's calls.
 */
export async function startMetricsListener(metrics: ServiceMetrics, port: number, host: string): Promise<http.Server> {
  const app = express();
  app.disable('x-powered-by');
  app.use(metricsRoute(metrics));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Only GET /metrics is served here.\n');
  });
  const server = http.createServer(app);
  server.listen(port, host);
  await Promise.race([once(server, 'listening'), once(server, 'error').then(([err]) => Promise.reject(err as Error))]);
  return server;
}
