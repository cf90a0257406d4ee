import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// podman-compose 1.0.3, which proves the deployment here (npm run deploy:check), leaves a variable
// with an empty default (`${VAR:-}`) unexpanded: the service would get the text itself, which a
// secret's check may even accept. compose.local.yml must give each such setting again.
interface ComposeService {
  environment?: Record<string, unknown>;
  build?: { target?: string; args?: { SLICE?: string } };
  stop_grace_period?: string;
}
const read = (file: string) => parse(fs.readFileSync(path.join(__dirname, '..', file), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };

/** '30s', '1m30s' as seconds. */
function durationSeconds(text: string): number {
  const parts = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!parts || text === '') throw new Error(`not a compose duration: ${text}`);
  return Number(parts[1] ?? 0) * 60 + Number(parts[2] ?? 0);
}

describe('the compose files', () => {
  it('give again, in compose.local.yml, every setting docker-compose.yml reads with an empty default', () => {
    const main = read('docker-compose.yml');
    const local = read('deploy/compose.local.yml');
    const missing: string[] = [];
    for (const [service, { environment = {} }] of Object.entries(main.services)) {
      for (const [name, value] of Object.entries(environment)) {
        if (typeof value !== 'string' || !/^\$\{[A-Z_]+:-\}$/.test(value)) continue;
        if (local.services[service]?.environment?.[name] === undefined) missing.push(`${service}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('give every Node container longer to stop than its notice, drain and exit limit, so compose never cuts a drain short', () => {
    const main = read('docker-compose.yml');
    // service-kit: at most 5 s of notice (SHUTDOWN_NOTICE_MS), 10 s of draining, and the process exits within 20 s of SIGTERM.
    const EXIT_LIMIT_SECONDS = 20;
    const node = Object.entries(main.services).filter(([, service]) => service.build?.target === 'service');
    expect(node.map(([name]) => name).sort()).toEqual(['gateway', 'svc-participants', 'svc-reports', 'svc-scoring']);
    const short = node.filter(([, service]) => durationSeconds(service.stop_grace_period ?? '10s') <= EXIT_LIMIT_SECONDS).map(([name, service]) => `${name}: ${service.stop_grace_period ?? '10s (default)'}`);
    expect(short).toEqual([]);
    const notice = Number(main.services['svc-participants']?.environment?.SHUTDOWN_NOTICE_MS);
    expect(notice).toBeGreaterThan(0);
    expect(notice).toBeLessThanOrEqual(5000);
  });
});
