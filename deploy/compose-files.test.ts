import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// podman-compose 1.0.3, which proves the deployment here (npm run deploy:check), leaves a variable
// with an empty default (`${VAR:-}`) unexpanded: the service would get the text itself, which a
// secret's check may even accept. compose.local.yml must give each such setting again.
interface ComposeService {
  image?: string;
  environment?: Record<string, unknown>;
  build?: { target?: string; args?: { SLICE?: string } };
  stop_grace_period?: string;
  command?: string[];
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: unknown };
}
const read = (file: string) => parse(fs.readFileSync(path.join(__dirname, '..', file), 'utf8'), { merge: true }) as { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

interface ScrapeConfig {
  job_name: string;
  metrics_path?: string;
  scrape_interval?: string;
  static_configs?: { targets: string[] }[];
}
const readPrometheus = () => read('deploy/prometheus/prometheus.yml') as unknown as { global: { scrape_interval: string }; scrape_configs: ScrapeConfig[] };

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

  it('replace, in compose.local.yml, every image docker-compose.yml pulls from a registry with a local base image', () => {
    const main = read('docker-compose.yml');
    const local = read('deploy/compose.local.yml');
    const pulled = Object.entries(main.services).filter(([, service]) => service.image && !service.build);
    expect(pulled.map(([name]) => name)).toContain('prometheus');
    // A local base image is localhost/study-base/<recipe>:<version>, built from deploy/base-images/<recipe> (scripts/deploy/base-images.ts).
    const isLocalBase = (image = ''): boolean => {
      const recipe = /^localhost\/study-base\/([\w-]+):[\w.-]+$/.exec(image)?.[1];
      return recipe !== undefined && fs.existsSync(path.join(__dirname, 'base-images', recipe, 'Containerfile'));
    };
    const notLocal = pulled.filter(([name]) => !isLocalBase(local.services[name]?.image)).map(([name, service]) => `${name}: ${service.image}`);
    expect(notLocal).toEqual([]);
  });

  it('run RabbitMQ 4, in production and locally (the event bus sets the quorum queues\' delivery limit for it; 3.x is out of support)', () => {
    expect(read('docker-compose.yml').services.rabbitmq?.image).toMatch(/^rabbitmq:4\.\d+-management-alpine$/);
    expect(read('deploy/compose.local.yml').services.rabbitmq?.image).toMatch(/^localhost\/study-base\/rabbitmq:4\.\d+$/);
    const recipe = fs.readFileSync(path.join(__dirname, 'base-images', 'rabbitmq', 'Containerfile'), 'utf8');
    // Debian's RabbitMQ 4 is trixie's.
    expect(recipe).toMatch(/\btrixie\b/);
  });

  it("have Prometheus scrape every Node part's /metrics every 15 s: each service on its port, the gateway on METRICS_PORT", () => {
    const main = read('docker-compose.yml');
    const prometheus = readPrometheus();
    const targets = new Set<string>();
    for (const config of prometheus.scrape_configs) {
      // Every part serves GET /metrics, Prometheus' default path, and is scraped at the global interval.
      expect([config.job_name, config.metrics_path ?? '/metrics', config.scrape_interval ?? prometheus.global.scrape_interval]).toEqual([config.job_name, '/metrics', '15s']);
      for (const { targets: list } of config.static_configs ?? []) for (const target of list) targets.add(target);
    }
    const node = Object.entries(main.services).filter(([, service]) => service.build?.target === 'service');
    expect(node.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const [name, { environment = {} }] of node) {
      // The gateway serves its metrics only on a listener of its own, reachable from the network only on 0.0.0.0.
      const port = name === 'gateway' ? environment.METRICS_PORT : environment.PORT;
      if (name === 'gateway') expect(environment.METRICS_HOST).toBe('0.0.0.0');
      if (typeof port !== 'string' || !targets.has(`${name}:${port}`)) missing.push(`${name}:${String(port)}`);
    }
    expect(missing).toEqual([]);
  });

  it('run Prometheus on the compose network only, with that configuration, its data in a volume kept 15 days, and a health check', () => {
    const main = read('docker-compose.yml');
    const service = main.services.prometheus;
    expect(service).toBeDefined();
    // No port on the host: Prometheus has no sign-in (README, "Metrics", says how to reach it).
    expect(service?.ports).toBeUndefined();
    expect(service?.volumes).toEqual(expect.arrayContaining(['./deploy/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro', 'prometheus-data:/prometheus']));
    expect(main.volumes).toHaveProperty('prometheus-data');
    expect(service?.command).toEqual(expect.arrayContaining(['--config.file=/etc/prometheus/prometheus.yml', '--storage.tsdb.path=/prometheus', '--storage.tsdb.retention.time=15d']));
    expect(String(service?.healthcheck?.test)).toContain('127.0.0.1:9090/-/ready');
  });
});
