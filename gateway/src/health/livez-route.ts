import type { RequestHandler } from 'express';

/**
 * GET /livez: the gateway process is up and serving. It asks nothing of the services, so a
 * container supervisor restarts the gateway only when the gateway itself is stuck, never
 * because a service behind it is down (that is /healthz, the readiness report).
 */
export function livezRoute(): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ status: 'ok' });
  };
}
