// The gateway's hot path beside nginx on the same machine, in one run: a proxied
// POST /api/user (direct to the service, through each gateway build, through nginx with a
// keep-alive upstream) and static files (index.html, a hashed JS asset, the same asset for a
// browser that accepts br/gzip), each with wrk, plus the CPU time per request of the process
// under test (utime+stime from /proc/<pid>/stat before and after, divided by requests).
//
// As a module:   import { benchGatewayProxy, formatRows } from './bench/gateway-proxy';
//                const { rows, skipped } = await benchGatewayProxy({ root, log });
//                console.log(formatRows(rows));
// From a shell:  node scripts/run.mjs scripts/bench/gateway-proxy.ts [--duration 10] [--connections 64]
//                  [--upstream http://127.0.0.1:4101] [--gateway label=path/to/main.js ...]
// Needs a built gateway (gateway/dist/main.js) and frontends (shell/dist), wrk and nginx
// (`apt-get install wrk nginx-light`); a missing tool skips its rows and says so.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { freePort } from '../lib/local-services';
import { ONE_ADDRESS_LIMITS } from '../lib/stack';
import { signedSessionCookies } from './participant-sessions';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';
/** The gateways under test check the participant's session; the proxied call carries one signed with this. */
const SESSION_SECRET = randomBytes(32).toString('hex');

function has(cmd) {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function waitForPort(port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a process has used so far, in milliseconds. */
function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function toMs(value, unit) {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

/** The figures of a `wrk --latency` report. */
export function parseWrk(text) {
  const latency = (pct) => {
    const match = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(text);
    return match ? toMs(match[1], match[2]) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { requests, rps, p50Ms: latency(50), p99Ms: latency(99), non2xx, socketErrors };
}

function luaScript(dir, name, { method = 'GET', body, headers = {} }) {
  const lines = [`wrk.method = ${JSON.stringify(method)}`];
  if (body !== undefined) lines.push(`wrk.body = ${JSON.stringify(body)}`);
  for (const [key, value] of Object.entries(headers)) lines.push(`wrk.headers[${JSON.stringify(key)}] = ${JSON.stringify(value)}`);
  const file = path.join(dir, `${name}.lua`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function runWrk({ url, script, connections, threads, seconds }) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`wrk ${args.join(' ')} failed: ${out}`);
  return parseWrk(out);
}

function nginxConfig({ work, port, upstreamPort, shellDist }) {
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
    location /api/ {
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

function startProcess(command, args, { env, logFile, cwd }) {
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  return child;
}

async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** The largest hashed main script of the shell: what every page load fetches. */
function pickAsset(shellDist) {
  const scripts = fs
    .readdirSync(shellDist)
    .filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name))
    .map((name) => ({ name, size: fs.statSync(path.join(shellDist, name)).size }))
    .sort((a, b) => b.size - a.size);
  return scripts.find((file) => file.name.startsWith('main.'))?.name ?? scripts[0]?.name;
}

/**
 * @typedef {object} BenchRow
 * @property {string} scenario   e.g. 'POST /api/user', 'GET /index.html'
 * @property {string} target     'direct', 'nginx' or a gateway's label
 * @property {number} connections
 * @property {number} rps
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {number} requests
 * @property {number} errors     non-2xx/3xx answers plus socket errors
 * @property {number|undefined} cpuMsPerRequest  CPU of the process under test per request
 * @property {number|undefined} relative  rps / the reference row's rps (direct for the proxy, nginx for files)
 */

/**
 * Runs every scenario and returns one row per scenario and target.
 * @param {object} [options]
 * @param {string} [options.root] the repository root (built gateway and shell)
 * @param {(msg: string) => void} [options.log]
 * @param {string} [options.upstreamUrl] a running svc-participants to call; otherwise a stub with the same middleware is started
 * @param {{ label: string, entry: string }[]} [options.gateways] gateway builds to compare; default the current one, gateway/dist/main.js
 * @param {number} [options.durationSeconds] per measured run (default 10)
 * @param {number} [options.connections] wrk connections (default 64)
 * @param {number} [options.threads] wrk threads (default 2)
 * @param {string} [options.gatewayLogLevel] the gateways' LOG_LEVEL (default info, as deployed)
 * @param {boolean} [options.files] also time static files (default true)
 * @returns {Promise<{ rows: BenchRow[], skipped: string[] }>}
 */
export async function benchGatewayProxy(options = {}) {
  const root = options.root ?? repoRoot;
  const log = options.log ?? (() => undefined);
  const seconds = options.durationSeconds ?? 10;
  const connections = options.connections ?? 64;
  const threads = options.threads ?? 2;
  const gateways = options.gateways ?? [{ label: 'gateway', entry: path.join(root, 'gateway', 'dist', 'main.js') }];
  const skipped = [];
  if (!has('wrk')) return { rows: [], skipped: ['gateway bench: wrk is not installed (apt-get install wrk)'] };
  const withNginx = has('nginx');
  if (!withNginx) skipped.push('gateway bench: nginx is not installed (apt-get install nginx-light): no nginx rows');
  for (const gateway of gateways) if (!fs.existsSync(gateway.entry)) throw new Error(`${gateway.entry} is missing: build the gateway first`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-'));
  const children = [];
  const rows = [];
  try {
    const baseEnv = { ...process.env, NODE_PATH: path.join(root, 'node_modules') };
    let upstreamUrl = options.upstreamUrl;
    let upstreamPid;
    if (!upstreamUrl) {
      const port = await freePort();
      const stub = startProcess(process.execPath, ['--import', 'tsx', path.join(here, 'upstream-stub.ts')], { env: { ...baseEnv, PORT: String(port) }, logFile: path.join(work, 'stub.log'), cwd: root });
      children.push(stub);
      await waitForPort(port);
      upstreamUrl = `http://127.0.0.1:${port}`;
      upstreamPid = stub.pid;
    }
    const upstreamPort = Number(new URL(upstreamUrl).port);

    const targets = [];
    for (const gateway of gateways) {
      const port = await freePort();
      const child = startProcess(process.execPath, [gateway.entry], {
        env: {
          ...baseEnv,
          PORT: String(port),
          HOST: '127.0.0.1',
          PARTICIPANTS_URL: upstreamUrl,
          SCORING_URL: upstreamUrl,
          REPORTS_URL: upstreamUrl,
          FRONTEND_ROOT: root,
          PARTICIPANT_SESSION_SECRET: SESSION_SECRET,
          // wrk repeats one participant's call from one address.
          ...ONE_ADDRESS_LIMITS,
          RATE_LIMIT_KEY_PREFIX: `rate:gateway-bench-${process.pid}`,
          LOG_LEVEL: options.gatewayLogLevel ?? 'info',
        },
        logFile: path.join(work, `${gateway.label}.log`),
        cwd: root,
      });
      children.push(child);
      await waitForPort(port);
      targets.push({ target: gateway.label, url: `http://127.0.0.1:${port}`, pid: child.pid });
    }
    const shellDist = path.join(root, 'shell', 'dist');
    if (withNginx) {
      const port = await freePort();
      fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConfig({ work, port, upstreamPort, shellDist }));
      const child = startProcess('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf'), '-g', 'daemon off;'], { env: process.env, logFile: path.join(work, 'nginx.out'), cwd: work });
      children.push(child);
      await waitForPort(port);
      targets.push({ target: 'nginx', url: `http://127.0.0.1:${port}`, pid: child.pid });
    }

    const measure = async (scenario, target, url, script, pid, conns = connections, runSeconds = seconds) => {
      // Warm-up: JIT, keep-alive pools, file caches.
      await runWrk({ url, script, connections: conns, threads: Math.min(threads, conns), seconds: 2 });
      const before = pid ? cpuMs(pid) : undefined;
      const result = await runWrk({ url, script, connections: conns, threads: Math.min(threads, conns), seconds: runSeconds });
      const cpu = pid && before !== undefined ? (cpuMs(pid) - before) / result.requests : undefined;
      const row = {
        scenario,
        target,
        connections: conns,
        rps: result.rps,
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        requests: result.requests,
        errors: result.non2xx + result.socketErrors,
        cpuMsPerRequest: cpu,
        relative: undefined,
      };
      log(`${scenario} via ${target} (${conns} conn): ${Math.round(row.rps)} req/s, p50 ${row.p50Ms.toFixed(2)} ms, p99 ${row.p99Ms.toFixed(2)} ms${cpu === undefined ? '' : `, ${cpu.toFixed(3)} ms CPU/req`}${row.errors ? `, ${row.errors} errors` : ''}`);
      rows.push(row);
      return row;
    };

    const [sessionCookie] = await signedSessionCookies({ root, workDir: work, secret: SESSION_SECRET, pgIds: [PG_ID] });
    const post = luaScript(work, 'post-user', { method: 'POST', body: JSON.stringify({ pgId: PG_ID }), headers: { 'Content-Type': 'application/json', Cookie: sessionCookie } });
    for (const conns of [connections, 1]) {
      const scenario = conns === 1 ? 'POST /api/user, one connection' : 'POST /api/user';
      const direct = await measure(scenario, 'direct', `${upstreamUrl}/api/user`, post, upstreamPid, conns, conns === 1 ? Math.min(seconds, 5) : seconds);
      for (const target of targets) {
        const row = await measure(scenario, target.target, `${target.url}/api/user`, post, target.pid, conns, conns === 1 ? Math.min(seconds, 5) : seconds);
        row.relative = row.rps / direct.rps;
      }
    }

    if (options.files !== false && fs.existsSync(path.join(shellDist, 'index.html'))) {
      const asset = pickAsset(shellDist);
      const page = luaScript(work, 'page', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      const plain = luaScript(work, 'plain', {});
      const compressed = luaScript(work, 'compressed', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      const fileScenarios = [
        ['GET /index.html', '/', page],
        ...(asset ? [[`GET /${asset}`, `/${asset}`, plain], [`GET /${asset} (br, gzip accepted)`, `/${asset}`, compressed]] : []),
      ];
      for (const [scenario, urlPath, script] of fileScenarios) {
        const measured = [];
        for (const target of targets) measured.push(await measure(scenario, target.target, `${target.url}${urlPath}`, script, target.pid));
        const reference = measured.find((row) => row.target === 'nginx');
        if (reference) for (const row of measured) row.relative = row.rps / reference.rps;
      }
    } else if (options.files !== false) {
      skipped.push('gateway bench: shell/dist is missing (npm run build): no static file rows');
    }
    return { rows, skipped };
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const fmt = (value, digits) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));

/** A plain-text table of the rows, one line each. */
export function formatRows(rows) {
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
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  return [header, ...lines].map((line) => line.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

function parseArgs(argv) {
  const options = { gateways: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => argv[++i];
    if (arg === '--duration') options.durationSeconds = Number(value());
    else if (arg === '--connections') options.connections = Number(value());
    else if (arg === '--upstream') options.upstreamUrl = value();
    else if (arg === '--log-level') options.gatewayLogLevel = value();
    else if (arg === '--no-files') options.files = false;
    else if (arg === '--gateway') {
      const [label, entry] = value().split('=');
      options.gateways.push({ label, entry: path.resolve(entry) });
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (options.gateways.length === 0) delete options.gateways;
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2));
  const { rows, skipped } = await benchGatewayProxy({ ...options, log: (msg) => console.log(`[gateway bench] ${msg}`) });
  for (const line of skipped) console.log(line);
  console.log(formatRows(rows));
}
