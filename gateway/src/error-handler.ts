import type { ErrorRequestHandler } from 'express';
import { packageRelease, serverErrorFields } from '@study/service-kit';
import { sendError } from './http-errors';
import { requestRouteLabel } from './observability/access-log';
import type {} from './express-types';

/**
 * A failure caused by the request itself is a 4xx, never a 500; only a gateway bug is a 500,
 * logged like a browser's error report: route, the gateway's release, at most 20 stack frames.
 */
export function errorHandler(): ErrorRequestHandler {
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
  };
}
