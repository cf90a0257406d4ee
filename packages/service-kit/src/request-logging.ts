import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { matchApiRoute, secretPathPrefixes } from '@study/contracts';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';

const QUIET_PATHS = new Set(['/healthz', '/readyz']);
const MAX_LOGGED_PATH = 200;

/**
 * How a request's path appears in logs: the route template when one matched (so
 * '/api/ohready/<key>' logs as '/api/ohready/:masterKey'), a known API template otherwise,
 * and never anything under a secret-carrying prefix verbatim.
 */
export function routeLabel(req: Pick<Request, 'route' | 'baseUrl' | 'path' | 'method'>): string {
  const routePath: unknown = req.route?.path;
  if (typeof routePath === 'string') return `${req.baseUrl ?? ''}${routePath}`;
  const path = req.path ?? '';
  const known = matchApiRoute(path);
  if (known) return known.path;
  const normal = path.toLowerCase().replace(/\/{2,}/g, '/');
  const secretPrefix = secretPathPrefixes.find((prefix) => normal.startsWith(prefix));
  if (secretPrefix) return `${secretPrefix}[redacted]`;
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}...` : path;
}

/**
 * Attaches a per-request child logger (every line carries requestId) and logs one line per
 * request when the response is done: method, route, status, duration. Query strings are
 * never logged.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.log = logger.child({ requestId: req.requestId });
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const status = res.headersSent ? res.statusCode : 499;
      const line = { method: req.method, route: routeLabel(req), status, durationMs: Math.round(durationMs * 10) / 10 };
      if (status >= 500) req.log.error(line, 'request failed');
      else if (QUIET_PATHS.has(req.path)) req.log.debug(line, 'request completed');
      else if (status >= 400) req.log.warn(line, 'request rejected');
      else req.log.info(line, 'request completed');
    };
    res.once('finish', done);
    // 'close' without 'finish': the client went away before the answer was sent.
    res.once('close', done);
    next();
  };
}
