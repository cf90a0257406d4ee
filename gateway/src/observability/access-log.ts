import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { chooseRequestId, REQUEST_ID_HEADER, routeLabel } from '@study/service-kit';
import { isApiPath } from '../routing/api-router';
import type {} from '../express-types';

const QUIET_PATHS = new Set(['/healthz', '/livez', '/readyz']);
const MAX_LOGGED_PATH = 200;

/**
 * How a request appears in the log: an API call by its route template (so a secret in the
 * path never shows), any other /api path through the service kit's rules, a file or page by
 * its path.
 */
export function requestRouteLabel(req: Request): string {
  if (req.apiRoute) return req.apiRoute.path;
  const path = req.path;
  if (isApiPath(path)) return routeLabel(req);
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}...` : path;
}

const CHILD = Symbol('request logger');
type WithChild = Request & { [CHILD]?: Logger };

/**
 * Gives every request its id (the caller's x-request-id when sane, else a new one, echoed in
 * the answer) and a logger whose lines carry it, and logs one line when the answer is done:
 * method, route, status, duration. The per-request logger is made only when something logs
 * through it (most requests only write the access line), on the app's request prototype.
 */
export function accessLog(options: { logger: Logger; accessLogger: Logger; requestPrototype: object }): RequestHandler {
  const { logger, accessLogger } = options;
  Object.defineProperty(options.requestPrototype, 'log', {
    configurable: true,
    get(this: WithChild): Logger {
      return (this[CHILD] ??= logger.child({ requestId: this.requestId }));
    },
    set(this: WithChild, value: Logger) {
      this[CHILD] = value;
    },
  });
  return (req, res, next) => {
    const started = performance.now();
    const requestId = chooseRequestId(req.headers[REQUEST_ID_HEADER]);
    req.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // 'close' follows 'finish' for every answer, and comes alone when the client went away first.
    res.once('close', () => {
      const status = res.headersSent ? res.statusCode : 499;
      const line = { requestId, method: req.method, route: requestRouteLabel(req), status, durationMs: Math.round((performance.now() - started) * 10) / 10 };
      if (status >= 500) accessLogger.error(line, 'request failed');
      else if (QUIET_PATHS.has(req.path)) accessLogger.debug(line, 'request completed');
      else if (status >= 400) accessLogger.warn(line, 'request rejected');
      else accessLogger.info(line, 'request completed');
    });
    next();
  };
}
