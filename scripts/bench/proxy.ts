// Figure 1: POST /api/user {pgId} through the gateway, straight to svc-participants, and through
// a reference nginx with an upstream keepalive pool in front of the same service. wrk with 64
// connections (req/s, p50, p99, CPU per request per process) and with 1 connection (unloaded p50).
import { apiPath } from '@study/api-client';
import { routeKey, routes } from '@study/contracts';
import type { RunningNginx } from './nginx';
import { cpuMeter, group, processTree, type ProcessGroup } from './procs';
import { postScript, runWrk, type WrkCpuResult, type WrkOptions, type WrkResult } from './wrk';

/** CPU microseconds per request, by group name; undefined when the run answered no request. */
export type CpuUsPerRequest = WrkCpuResult['cpuUsPerRequest'];

/** The CPU milliseconds each group spent over a run, shared out over the run's requests, in microseconds. */
export function cpuUsPerRequest(cpuMs: Readonly<Record<string, number>>, requests: number): CpuUsPerRequest {
  return Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, requests > 0 ? (spent * 1000) / requests : undefined]));
}

/** CPU microseconds per request of each group over one wrk run. */
export async function wrkWithCpu(options: WrkOptions, groups: readonly ProcessGroup[]): Promise<WrkCpuResult> {
  const meter = cpuMeter(groups);
  const result = await runWrk(options);
  const { cpuMs } = meter.stop();
  return { ...result, cpuUsPerRequest: cpuUsPerRequest(cpuMs, result.requests) };
}

/** What of the stack the proxy figure needs. */
export interface ProxyBenchStack {
  url: string;
  services: readonly { name: string; port: number }[];
  groups: readonly ProcessGroup[];
}

/** A running reference nginx (nginx.ts startNginx). */
export type ReferenceNginx = Pick<RunningNginx, 'url' | 'pid'>;

export interface ProxyTarget {
  name: 'gateway' | 'direct' | 'nginx';
  base: string;
  /** The processes whose CPU a request through this target costs. */
  groups: ProcessGroup[];
}

/** The processes every path of the call reaches (whichever way in, the service and its database work). */
const COUNTED_GROUPS = ['gateway', 'svc-participants', 'ferretdb', 'postgres (backends)'];

/** The ways in to time: the gateway, svc-participants directly and, when one runs, nginx (whose own processes count too). */
export function proxyTargets(stack: ProxyBenchStack, nginx: { url: string; groups: readonly ProcessGroup[] } | undefined): ProxyTarget[] {
  const participants = stack.services.find((s) => s.name === 'participants');
  if (!participants) throw new Error('the stack runs no participants service');
  const all = stack.groups.filter((g) => COUNTED_GROUPS.includes(g.name));
  return [
    { name: 'gateway', base: stack.url, groups: all },
    { name: 'direct', base: `http://127.0.0.1:${participants.port}`, groups: all },
    ...(nginx ? [{ name: 'nginx' as const, base: nginx.url, groups: [...all, ...nginx.groups] }] : []),
  ];
}

export interface ProxyBenchOptions {
  stack: ProxyBenchStack;
  nginx?: ReferenceNginx | undefined;
  /** The stored participants the calls name, in turn. */
  pgIds: readonly string[];
  /** Each participant's session Cookie header, in the order of pgIds. */
  sessionCookies: readonly string[];
  /** Where wrk's script goes. */
  workDir: string;
  seconds: number;
  unloadedSeconds: number;
  log: (message: string) => void;
}

export interface ProxyFigure {
  unloaded: WrkResult;
  loaded: WrkCpuResult;
}

export async function benchProxy({ stack, nginx, pgIds, sessionCookies, workDir, seconds, unloadedSeconds, log }: ProxyBenchOptions): Promise<Partial<Record<ProxyTarget['name'], ProxyFigure>>> {
  const script = postScript(workDir, 'post-api-user', pgIds.map((pgId) => JSON.stringify({ pgId })), sessionCookies);
  const targets = proxyTargets(stack, nginx ? { url: nginx.url, groups: [group('nginx', () => processTree(nginx.pid))] } : undefined);
  const call = routeKey(routes.user);
  const out: Partial<Record<ProxyTarget['name'], ProxyFigure>> = {};
  for (const t of targets) {
    const url = `${t.base}${apiPath(routes.user)}`;
    log(`  ${call} via ${t.name}: 1 connection, ${unloadedSeconds} s...`);
    const unloaded = await runWrk({ url, connections: 1, seconds: unloadedSeconds, script });
    log(`  ${call} via ${t.name}: 64 connections, ${seconds} s...`);
    const loaded = await wrkWithCpu({ url, connections: 64, seconds, script }, t.groups);
    if (loaded.non2xx > 0 || unloaded.non2xx > 0) log(`  ${t.name}: ${loaded.non2xx + unloaded.non2xx} answers were not 2xx/3xx`);
    out[t.name] = { unloaded, loaded };
  }
  return out;
}
