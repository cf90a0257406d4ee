// Figure 1: POST /api/user {pgId} through the gateway, straight to svc-participants, and through
// a reference nginx with an upstream keepalive pool in front of the same service. wrk with 64
// connections (req/s, p50, p99, CPU per request per process) and with 1 connection (unloaded p50).
import { cpuMeter, group, processTree } from './procs';
import { postScript, runWrk } from './wrk';

/** CPU microseconds per request of each group over one wrk run. */
export async function wrkWithCpu(options, groups) {
  const meter = cpuMeter(groups);
  const result = await runWrk(options);
  const { cpuMs } = meter.stop();
  const cpuUsPerRequest = Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, result.requests > 0 ? (spent * 1000) / result.requests : undefined]));
  return { ...result, cpuUsPerRequest };
}

export async function benchProxy({ stack, nginx, pgIds, sessionCookies, workDir, seconds, unloadedSeconds, log }) {
  const participantsPort = stack.services.find((s) => s.name === 'participants').port;
  const script = postScript(workDir, 'post-api-user', pgIds.map((pgId) => JSON.stringify({ pgId })), sessionCookies);
  const all = stack.groups.filter((g) => ['gateway', 'svc-participants', 'ferretdb', 'postgres (backends)'].includes(g.name));
  const nginxGroup = nginx ? [group('nginx', () => processTree(nginx.pid))] : [];
  const targets = [
    { name: 'gateway', base: stack.url, groups: all },
    { name: 'direct', base: `http://127.0.0.1:${participantsPort}`, groups: all },
    ...(nginx ? [{ name: 'nginx', base: nginx.url, groups: [...all, ...nginxGroup] }] : []),
  ];
  const out = {};
  for (const t of targets) {
    const url = `${t.base}/api/user`;
    log(`  POST /api/user via ${t.name}: 1 connection, ${unloadedSeconds} s...`);
    const unloaded = await runWrk({ url, connections: 1, seconds: unloadedSeconds, script });
    log(`  POST /api/user via ${t.name}: 64 connections, ${seconds} s...`);
    const loaded = await wrkWithCpu({ url, connections: 64, seconds, script }, t.groups);
    if (loaded.non2xx > 0 || unloaded.non2xx > 0) log(`  ${t.name}: ${loaded.non2xx + unloaded.non2xx} answers were not 2xx/3xx`);
    out[t.name] = { unloaded, loaded };
  }
  return out;
}
