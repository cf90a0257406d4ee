import type { RequestHandler } from 'express';
import type { ServiceName } from '@study/contracts';
import type { Agents } from './http-get';
import { checkReadiness, type HealthReport, type ServiceReadiness } from './readiness';
import { unreachableEvidence, type CircuitBreaker } from '../routing/circuit-breaker';

export interface HealthzOptions {
  services: Record<ServiceName, string>;
  breakers: Record<ServiceName, CircuitBreaker>;
  agents: Agents;
  timeoutMs: number;
}

/**
 * GET /healthz: every service's readiness, asked in parallel. 200 when all are ready, 503
 * otherwise. What it learns also opens or closes each service's circuit breaker.
 */
export function healthzRoute(options: HealthzOptions): RequestHandler {
  const names = Object.keys(options.services) as ServiceName[];
  return async (req, res) => {
    const results = await Promise.all(
      names.map(async (name) => {
        const token = options.breakers[name].attemptToken();
        const { reachable, code, readiness } = await checkReadiness(options.services[name], {
          agents: options.agents,
          timeoutMs: options.timeoutMs,
          requestId: req.requestId,
        });
        if (reachable === true) options.breakers[name].recordReachable();
        const evidence = reachable === false ? unreachableEvidence(code) : undefined;
        if (evidence) options.breakers[name].recordUnreachable(evidence, token);
        return [name, readiness] as const;
      }),
    );
    const services = Object.fromEntries(results) as Record<ServiceName, ServiceReadiness>;
    const allReady = results.every(([, readiness]) => readiness.status === 'ready');
    const report: HealthReport = { status: allReady ? 'ok' : 'degraded', services };
    res.setHeader('Cache-Control', 'no-store');
    res.status(allReady ? 200 : 503).json(report);
  };
}
