import type { ServiceName } from '@study/contracts';
import { getJson, type Agents } from './http-get';

export interface ServiceReadiness {
  /** ready: /readyz said 200; not-ready: it answered otherwise; unavailable: no answer. */
  status: 'ready' | 'not-ready' | 'unavailable';
  /** The service's own dependency checks, when it reported them. */
  checks?: Record<string, unknown>;
  /** Why a service is unavailable: 'timed out' or 'unreachable'. */
  error?: string;
  /** The release the service says it runs, when its image names one. */
  release?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceReadiness>;
}

function releaseOf(body: unknown): string | undefined {
  const release = body !== null && typeof body === 'object' ? (body as { release?: unknown }).release : undefined;
  return typeof release === 'string' && /^[A-Za-z0-9_.+-]{1,64}$/.test(release) ? release : undefined;
}

function checksOf(body: unknown): Record<string, unknown> | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const checks = (body as { checks?: unknown }).checks;
  return checks !== null && typeof checks === 'object' && !Array.isArray(checks) ? (checks as Record<string, unknown>) : undefined;
}

/**
 * Asks one service's /readyz. `reachable` feeds the circuit breaker: true when it answered,
 * false when no connection could be made (`code` says why), undefined when it connected but
 * stayed silent (slow is not down: its routes keep being forwarded).
 */
export async function checkReadiness(
  origin: string,
  options: { agents: Agents; timeoutMs: number; requestId?: string },
): Promise<{ reachable: boolean | undefined; code?: string; readiness: ServiceReadiness }> {
  const result = await getJson(`${origin}/readyz`, options);
  if (!result.reachable) {
    const timedOut = result.reason === 'timeout';
    return { reachable: timedOut ? undefined : false, code: result.code, readiness: { status: 'unavailable', error: timedOut ? 'timed out' : 'unreachable' } };
  }
  const checks = checksOf(result.body);
  const release = releaseOf(result.body);
  return {
    reachable: true,
    readiness: { status: result.statusCode === 200 ? 'ready' : 'not-ready', ...(checks ? { checks } : {}), ...(release ? { release } : {}) },
  };
}
