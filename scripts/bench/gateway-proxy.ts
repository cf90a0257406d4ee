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
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { apiPath } from '@study/api-client';
import { routeKey, routes } from '@study/contracts';
import { freePort } from '../lib/local-services';
import { root as repoRoot } from '../lib/repo-root';
import { DEFAULT_CONTACT_EMAIL, ONE_ADDRESS_LIMITS } from '../lib/stack';
import { benchRow, compareWith, describeRow, formatRows, luaScriptText, nginxConfig, parseArgs, parseWrk, pickAsset, type BenchRow, type GatewayBuild, type WrkFigures } from './gateway-proxy-figures';
import { signedSessionCookies } from './participant-sessions';

export { formatRows, parseWrk, type BenchRow, type GatewayBuild };

const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';
/** The gateways under test check the participant's session; the proxied call carries one signed with this. */
const SESSION_SECRET = randomBytes(32).toString('hex');

function has(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function waitForPort(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
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

const CLOCK_TICKS = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a process has used so far, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, utime field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function luaScript(dir: string, name: string, request: Parameters<typeof luaScriptText>[0]): string {
  const file = path.join(dir, `${name}.lua`);
  fs.writeFileSync(file, luaScriptText(request));
  return file;
}

interface WrkRun {
  url: string;
  script: string;
  connections: number;
  threads: number;
  seconds: number;
}

async function runWrk({ url, script, connections, threads, seconds }: WrkRun): Promise<WrkFigures> {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code]: unknown[] = await once(child, 'exit');
  if (code !== 0) throw new Error(`wrk ${args.join(' ')} failed: ${out}`);
  return parseWrk(out);
}

function startProcess(command: string, args: string[], { env, logFile, cwd }: { env: NodeJS.ProcessEnv; logFile: string; cwd: string }): ChildProcess {
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** The files of a folder with their sizes, for pickAsset. */
function filesWithSizes(dir: string): { name: string; size: number }[] {
  return fs.readdirSync(dir).map((name) => ({ name, size: fs.statSync(path.join(dir, name)).size }));
}

export interface GatewayBenchOptions {
  /** The repository root (built gateway and shell). */
  root?: string;
  log?: (msg: string) => void;
  /** A running svc-participants to call; otherwise a stub with the same middleware is started. */
  upstreamUrl?: string;
  /** Gateway builds to compare; default the current one, gateway/dist/main.js. */
  gateways?: GatewayBuild[];
  /** Per measured run (default 10). */
  durationSeconds?: number;
  /** wrk connections (default 64). */
  connections?: number;
  /** wrk threads (default 2). */
  threads?: number;
  /** The gateways' LOG_LEVEL (default info, as deployed). */
  gatewayLogLevel?: string;
  /** Also time static files (default true). */
  files?: boolean;
}

interface Target {
  target: string;
  url: string;
  pid: number | undefined;
}

/** Runs every scenario and returns one row per scenario and target. */
export async function benchGatewayProxy(options: GatewayBenchOptions = {}): Promise<{ rows: BenchRow[]; skipped: string[] }> {
  const root = options.root ?? repoRoot;
  const log = options.log ?? ((): undefined => undefined);
  const seconds = options.durationSeconds ?? 10;
  const connections = options.connections ?? 64;
  const threads = options.threads ?? 2;
  const gateways = options.gateways ?? [{ label: 'gateway', entry: path.join(root, 'gateway', 'dist', 'main.js') }];
  const skipped: string[] = [];
  if (!has('wrk')) return { rows: [], skipped: ['gateway bench: wrk is not installed (apt-get install wrk)'] };
  const withNginx = has('nginx');
  if (!withNginx) skipped.push('gateway bench: nginx is not installed (apt-get install nginx-light): no nginx rows');
  for (const gateway of gateways) if (!fs.existsSync(gateway.entry)) throw new Error(`${gateway.entry} is missing: build the gateway first`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-'));
  const children: ChildProcess[] = [];
  const rows: BenchRow[] = [];
  try {
    const baseEnv = { ...process.env, NODE_PATH: path.join(root, 'node_modules') };
    let upstreamUrl = options.upstreamUrl;
    let upstreamPid: number | undefined;
    if (!upstreamUrl) {
      const port = await freePort();
      // The stub of this checkout, whichever gateway builds are timed.
      const stubEntry = path.join(repoRoot, 'scripts', 'bench', 'upstream-stub.ts');
      const stub = startProcess(process.execPath, ['--import', 'tsx', stubEntry], { env: { ...baseEnv, PORT: String(port) }, logFile: path.join(work, 'stub.log'), cwd: root });
      children.push(stub);
      await waitForPort(port);
      upstreamUrl = `http://127.0.0.1:${port}`;
      upstreamPid = stub.pid;
    }
    const upstreamPort = Number(new URL(upstreamUrl).port);

    const targets: Target[] = [];
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
          // A setting the gateway refuses to start without (it shows it to participants).
          STUDY_CONTACT_EMAIL: DEFAULT_CONTACT_EMAIL,
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

    const measure = async (scenario: string, target: string, url: string, script: string, pid: number | undefined, conns = connections, runSeconds = seconds): Promise<BenchRow> => {
      // Warm-up: JIT, keep-alive pools, file caches.
      await runWrk({ url, script, connections: conns, threads: Math.min(threads, conns), seconds: 2 });
      const before = pid ? cpuMs(pid) : undefined;
      const result = await runWrk({ url, script, connections: conns, threads: Math.min(threads, conns), seconds: runSeconds });
      const cpu = pid && before !== undefined ? (cpuMs(pid) - before) / result.requests : undefined;
      const row = benchRow(scenario, target, conns, result, cpu);
      log(describeRow(row));
      rows.push(row);
      return row;
    };

    const [sessionCookie] = signedSessionCookies({ secret: SESSION_SECRET, pgIds: [PG_ID] });
    if (!sessionCookie) throw new Error('no session cookie was signed for the proxied call');
    const post = luaScript(work, 'post-user', { method: 'POST', body: JSON.stringify({ pgId: PG_ID }), headers: { 'Content-Type': 'application/json', Cookie: sessionCookie } });
    const userCall = routeKey(routes.user);
    for (const conns of [connections, 1]) {
      const scenario = conns === 1 ? `${userCall}, one connection` : userCall;
      const runSeconds = conns === 1 ? Math.min(seconds, 5) : seconds;
      const direct = await measure(scenario, 'direct', `${upstreamUrl}${apiPath(routes.user)}`, post, upstreamPid, conns, runSeconds);
      const proxied: BenchRow[] = [];
      for (const target of targets) proxied.push(await measure(scenario, target.target, `${target.url}${apiPath(routes.user)}`, post, target.pid, conns, runSeconds));
      compareWith(proxied, direct);
    }

    if (options.files !== false && fs.existsSync(path.join(shellDist, 'index.html'))) {
      const asset = pickAsset(filesWithSizes(shellDist));
      const page = luaScript(work, 'page', { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      const plain = luaScript(work, 'plain', {});
      const compressed = luaScript(work, 'compressed', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      const fileScenarios: [scenario: string, urlPath: string, script: string][] = [['GET /index.html', '/', page]];
      if (asset) fileScenarios.push([`GET /${asset}`, `/${asset}`, plain], [`GET /${asset} (br, gzip accepted)`, `/${asset}`, compressed]);
      for (const [scenario, urlPath, script] of fileScenarios) {
        const measured: BenchRow[] = [];
        for (const target of targets) measured.push(await measure(scenario, target.target, `${target.url}${urlPath}`, script, target.pid));
        compareWith(measured, measured.find((row) => row.target === 'nginx'));
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2), (file) => path.resolve(file));
  const { rows, skipped } = await benchGatewayProxy({ ...options, log: (msg) => console.log(`[gateway bench] ${msg}`) });
  for (const line of skipped) console.log(line);
  console.log(formatRows(rows));
}
