import type { ErrorRequestHandler } from 'express';
import type { ServerErrorReporter } from '@study/error-reporting/server';
import { packageRelease, serverErrorFields } from '@study/service-kit';
import { sendError } from './http-errors';
import { requestRouteLabel } from './observability/access-log';
import type {} from './express-types';

export interface GatewayErrorHandlerOptions {
  /** Sends a 500 to the Sentry or GlitchTip project ERROR_REPORTING_DSN names, after the answer (serverErrorReporter). */
  report?: ServerErrorReporter;
}

/**
 * A failure caused by the request itself is a 4xx, never a 500; only a gateway bug is a 500,
 * logged like a browser's error report: route, the gateway's release, at most 20 stack frames;
 * and, with a DSN set, sent to the project as well.
 */
export function errorHandler(options: GatewayErrorHandlerOptions = {}): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendError(req, res, status, 'BAD_REQUEST', 'The request could not be read.');
      return;
    }
    // The gateway's own route's template when one matched (its access line names a page by its path).
    const routePath: unknown = req.route?.path;
    const route = typeof routePath === 'string' && !req.apiRoute ? `${req.baseUrl}${routePath}` : requestRouteLabel(req);
    req.log.error(serverErrorFields(err, { route, release: packageRelease('gateway') }), 'unhandled error');
    sendError(req, res, 500, 'INTERNAL', 'Something went wrong on our side. Please try again later.');
    // After the answer, in the background: the caller never waits for the project.
    options.report?.(err, { route, method: req.method }, req.log);
  };
}
