import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { ServiceName } from '@study/contracts';
import type { ServerErrorReporter } from '@study/error-reporting/server';
import { jsonBody } from './body';
import { errorHandler, notFoundHandler } from './errors';
import { healthRoutes, type HealthCheck } from './health';
import { checkMountedRoutes } from './mount';
import { httpRequestMetrics, metricsRoute, type ServiceMetrics } from './metrics';
import { requestId } from './request-id';
import { requestLogging } from './request-logging';

export interface HttpAppOptions {
  service: string;
  logger: Logger;
  /** Readiness checks by name, answered on /readyz. */
  readinessChecks: Record<string, HealthCheck>;
  /** True once the service is stopping: /readyz answers 503 (draining). */
  draining?: () => boolean;
  /** The build's release name, shown on /healthz and /readyz. */
  release?: string;
  bodyLimit?: string;
  /** Sends each 500 to the project ERROR_REPORTING_DSN names, after the answer (serverErrorReporter). */
  errorReporter?: ServerErrorReporter;
  /** Served on GET /metrics when given, with every request observed by route template and status. */
  metrics?: ServiceMetrics;
  /**
   * Mounted ahead of the JSON body parser: guards that must refuse a call before its body is
   * read, and the few routes that take a larger body with their own parser.
   */
  beforeBody?(app: Express): void;
  routes?(app: Express): void;
  /** The route-table owner these routes belong to: the app refuses to start unless it mounts exactly that owner's routes. */
  owns?: ServiceName;
}

/** The HTTP app: security headers, request ids, logging, health, strict JSON bodies, routes, JSON 404 and errors. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId());
  app.use(requestLogging(options.logger));
  if (options.metrics) app.use(httpRequestMetrics(options.metrics));
  // HSTS is set once, on purpose, at the TLS front (deploy/caddy/Caddyfile); a service behind
  // the gateway never speaks to a browser directly.
  app.use(helmet({ strictTransportSecurity: false }));
  app.use(healthRoutes(options.service, options.readinessChecks, options.release, options.draining));
  if (options.metrics) app.use(metricsRoute(options.metrics));
  options.beforeBody?.(app);
  app.use(jsonBody({ limit: options.bodyLimit ?? '100kb' }));
  options.routes?.(app);
  if (options.owns) checkMountedRoutes(app, options.owns);
  app.use(notFoundHandler());
  app.use(errorHandler({ part: options.service, ...(options.errorReporter ? { report: options.errorReporter } : {}) }));
  return app;
}

