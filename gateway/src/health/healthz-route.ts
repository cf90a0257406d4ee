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
 * Whether the caller is on the study's own side: a loopback or private address (the operator,
 * the container platform, a check on the host). Behind a trusted proxy this is the client's
 * address as the proxy saw it, which a client cannot choose.
 */
export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:/i, '');
  if (ip === '::1' || /^127\./.test(ip)) return true;
  if (/^10\./.test(ip) || /^192\.168\./.test(ip) || /^172\.(1[6-9]|2\d|3[01])\./.test(ip)) return true;
  return /^f[cd][0-9a-f]{2}:/i.test(ip);
}

/**
 * GET /healthz: for a caller on the study's own side (isInternalAddress), every service's
 * readiness, asked in parallel; 200 when all are ready, 503 otherwise. What it learns also opens
 * or closes each service's circuit breaker. Anyone else gets only ok or degraded, from what the
 * breakers already know: no call to any service, and nothing about the parts.
 */
export function healthzRoute(options: HealthzOptions): RequestHandler {
  const names = Object.keys(options.services) as ServiceName[];
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!isInternalAddress(req.ip)) {
      const up = names.every((name) => options.breakers[name].allowsRequests());
      res.status(up ? 200 : 503).json({ status: up ? 'ok' : 'degraded' });
      return;
    }
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
    res.status(allReady ? 200 : 503).json(report);
  };
}
