import { Router } from 'express';

export type HealthCheck = () => Promise<boolean> | boolean;
export type CheckState = 'ok' | 'down';

const CHECK_TIMEOUT_MS = 2000;

async function runCheck(check: HealthCheck): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([Promise.resolve().then(check), timeout])) ? 'ok' : 'down';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every readiness check side by side; a check that throws or hangs counts as down. */
export async function readiness(checks: Record<string, HealthCheck>): Promise<{ ready: boolean; checks: Record<string, CheckState> }> {
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => runCheck(checks[name]!)));
  const result = Object.fromEntries(names.map((name, i) => [name, states[i]!])) as Record<string, CheckState>;
  return { ready: states.every((state) => state === 'ok'), checks: result };
}

/**
 * GET /healthz: the process is alive. GET /readyz: every dependency answers (200), or not
 * (503 with which one is down), so an orchestrator sends traffic only when it can be served.
 */
export function healthRoutes(service: string, checks: Record<string, HealthCheck>, release?: string, draining: () => boolean = () => false): Router {
  const router = Router();
  const named = release ? { release } : {};
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service, ...named });
  });
  router.get('/readyz', async (_req, res) => {
    // Stopping: still serving what is in flight, but no new traffic should come here.
    if (draining()) {
      res.status(503).json({ status: 'draining', ...named });
      return;
    }
    const result = await readiness(checks);
    res.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not-ready', checks: result.checks, ...named });
  });
  return router;
}
