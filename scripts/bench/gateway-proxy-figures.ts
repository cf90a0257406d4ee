// The gateway bench's (gateway-proxy.ts) pieces that start nothing: reading wrk's report, the
// nginx and wrk Lua files it writes, the asset it times, the comparison of each row with its
// reference and the table it prints, and its command line.
import { API_PREFIX } from '@study/contracts';

/** The figures of one `wrk --latency` run. */
export interface WrkFigures {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx/3xx. */
  non2xx: number;
  /** Connect, read, write and timeout errors together. */
  socketErrors: number;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

/** The figures of a `wrk --latency` report; a latency it lacks is NaN. */
export function parseWrk(text: string): WrkFigures {
  const latency = (pct: number): number => {
    const match = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(text);
    return match?.[1] !== undefined && match[2] !== undefined ? toMs(match[1], match[2]) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { requests, rps, p50Ms: latency(50), p99Ms: latency(99), non2xx, socketErrors };
}

export interface LuaRequest {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

/** A wrk Lua script that sends the same request every time. */
export function luaScriptText({ method = 'GET', body, headers = {} }: LuaRequest): string {
  const lines = [`wrk.method = ${JSON.stringify(method)}`];
  if (body !== undefined) lines.push(`wrk.body = ${JSON.stringify(body)}`);
  for (const [key, value] of Object.entries(headers)) lines.push(`wrk.headers[${JSON.stringify(key)}] = ${JSON.stringify(value)}`);
  return `${lines.join('\n')}\n`;
}

export interface NginxConfigOptions {
  /** The run's folder: pid, logs and temporary files. */
  work: string;
  port: number;
  upstreamPort: number;
  /** The shell's built files, served for every other path. */
  shellDist: string;
}

/** One nginx process: the API proxied to the upstream through a keep-alive pool, the shell's files served from disk. */
export function nginxConfig({ work, port, upstreamPort, shellDist }: NginxConfigOptions): string {
  return `master_process off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${work}/nginx-access.log;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip_static on;
  upstream service { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location ${API_PREFIX}/ {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
    location / {
      root ${shellDist};
      try_files $uri /index.html;
    }
  }
}
`;
}

/** The largest hashed main script of the shell (what every page load fetches), else the largest hashed script. */
export function pickAsset(files: readonly { name: string; size: number }[]): string | undefined {
  const scripts = files.filter((file) => /\.[0-9a-f]{8,}\.js$/.test(file.name)).sort((a, b) => b.size - a.size);
  return scripts.find((file) => file.name.startsWith('main.'))?.name ?? scripts[0]?.name;
}

export interface BenchRow {
  /** e.g. 'POST /api/user', 'GET /index.html' */
  scenario: string;
  /** 'direct', 'nginx' or a gateway's label */
  target: string;
  connections: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** non-2xx/3xx answers plus socket errors */
  errors: number;
  /** CPU of the process under test per request */
  cpuMsPerRequest: number | undefined;
  /** rps / the reference row's rps (direct for the proxy, nginx for files) */
  relative: number | undefined;
}

/** A measured row before it is compared with its reference. */
export function benchRow(scenario: string, target: string, connections: number, wrk: WrkFigures, cpuMsPerRequest: number | undefined): BenchRow {
  return {
    scenario,
    target,
    connections,
    rps: wrk.rps,
    p50Ms: wrk.p50Ms,
    p99Ms: wrk.p99Ms,
    requests: wrk.requests,
    errors: wrk.non2xx + wrk.socketErrors,
    cpuMsPerRequest,
    relative: undefined,
  };
}

/** Each row's throughput as a share of the reference's (nothing to compare with: the rows stay as they are). */
export function compareWith(rows: readonly BenchRow[], reference: BenchRow | undefined): void {
  if (!reference) return;
  for (const row of rows) row.relative = row.rps / reference.rps;
}

/** The one line a measured row logs. */
export function describeRow(row: BenchRow): string {
  const cpu = row.cpuMsPerRequest;
  return `${row.scenario} via ${row.target} (${row.connections} conn): ${Math.round(row.rps)} req/s, p50 ${row.p50Ms.toFixed(2)} ms, p99 ${row.p99Ms.toFixed(2)} ms${cpu === undefined ? '' : `, ${cpu.toFixed(3)} ms CPU/req`}${row.errors ? `, ${row.errors} errors` : ''}`;
}

const fmt = (value: number | undefined, digits: number): string => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));

/** A plain-text table of the rows, one line each. */
export function formatRows(rows: readonly BenchRow[]): string {
  const header = ['scenario', 'target', 'conn', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'relative', 'errors'];
  const lines = rows.map((row) => [
    row.scenario,
    row.target,
    String(row.connections),
    fmt(row.rps, 0),
    fmt(row.p50Ms, 2),
    fmt(row.p99Ms, 2),
    fmt(row.cpuMsPerRequest, 3),
    row.relative === undefined ? '-' : `${fmt(row.relative, 2)}x`,
    String(row.errors),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)));
  return [header, ...lines].map((line) => line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n');
}

/** A gateway build to time: its label in the rows and its entry file. */
export interface GatewayBuild {
  label: string;
  entry: string;
}

/** What the command line sets (the rest keeps benchGatewayProxy's defaults). */
export interface GatewayBenchArgs {
  durationSeconds?: number;
  connections?: number;
  upstreamUrl?: string;
  gatewayLogLevel?: string;
  files?: boolean;
  gateways?: GatewayBuild[];
}

/**
 * The command line: --duration S, --connections N, --upstream URL, --log-level L, --no-files,
 * --gateway label=path/to/main.js (repeatable; each path resolved with `resolve`).
 */
export function parseArgs(argv: readonly string[], resolve: (file: string) => string): GatewayBenchArgs {
  const options: GatewayBenchArgs = {};
  const gateways: GatewayBuild[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--duration') options.durationSeconds = Number(value());
    else if (arg === '--connections') options.connections = Number(value());
    else if (arg === '--upstream') options.upstreamUrl = value();
    else if (arg === '--log-level') options.gatewayLogLevel = value();
    else if (arg === '--no-files') options.files = false;
    else if (arg === '--gateway') {
      const given = value();
      const at = given.indexOf('=');
      if (at <= 0 || at === given.length - 1) throw new Error(`--gateway wants label=path/to/main.js, not ${given}`);
      gateways.push({ label: given.slice(0, at), entry: resolve(given.slice(at + 1)) });
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (gateways.length > 0) options.gateways = gateways;
  return options;
}
