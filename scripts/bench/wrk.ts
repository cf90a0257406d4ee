// Runs wrk against one URL and reads its summary: requests, req/s, latency percentiles,
// answers that were not 2xx/3xx, socket errors.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What wrk's summary says; latencies in ms (undefined when wrk printed none). */
export interface WrkSummary {
  requests: number;
  rps: number;
  p50: number | undefined;
  p75: number | undefined;
  p90: number | undefined;
  p99: number | undefined;
  non2xx: number;
  /** wrk's "Socket errors:" line as it printed it (connect, read, write, timeout). */
  errors: string | undefined;
  bytesPerRequest: number | undefined;
}

/** The summary with wrk's output as it printed it. */
export interface WrkResult extends WrkSummary {
  raw: string;
}

/** A wrk run with the CPU microseconds per request of each process group (undefined: no requests). */
export interface WrkCpuResult extends WrkResult {
  cpuUsPerRequest: Record<string, number | undefined>;
}

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  /** A Lua script (postScript). */
  script?: string | undefined;
  headers?: Record<string, string> | undefined;
}

const TO_MS: Record<string, (value: number) => number> = { us: (v) => v / 1000, ms: (v) => v, s: (v) => v * 1000, m: (v) => v * 60_000 };
const BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** wrk's "1.23ms", "850.00us", "2.01s" in ms. */
function toMs(text: string): number | undefined {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return undefined;
  return TO_MS[m[2] ?? '']?.(Number(m[1]));
}

export function parseWrk(out: string): WrkSummary {
  const latency: Record<string, number | undefined> = {};
  for (const m of out.matchAll(/^\s+(50|75|90|99)(?:\.000)?%\s+(\S+)/gm)) latency[`p${m[1]}`] = toMs(m[2] ?? '');
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  const readBytes = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const bytes = readBytes ? Number(readBytes[1]) * (BYTES[readBytes[2] ?? ''] ?? Number.NaN) : undefined;
  return { requests, rps, p50: latency.p50, p75: latency.p75, p90: latency.p90, p99: latency.p99, non2xx, errors, bytesPerRequest: bytes && requests ? bytes / requests : undefined };
}

/** The Lua text of postScript: POSTs the JSON `bodies` in turn, each with its cookie when `cookies` are given (one per body). */
export function postScriptText(bodies: readonly string[], cookies?: readonly string[]): string {
  const list = bodies.map((b) => `[==[${b}]==]`).join(',\n');
  // With cookies (one per body): each call carries the session of the participant it names.
  const cookieList = cookies ? cookies.map((c) => `[==[${c}]==]`).join(',\n') : '';
  const headers = cookies ? '{ ["Content-Type"] = "application/json", ["Cookie"] = cookies[i] }' : 'nil';
  return (
    `local bodies = {\n${list}\n}\nlocal cookies = {\n${cookieList}\n}\nlocal i = 0\nwrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n` +
    `request = function()\n  i = i % #bodies + 1\n  return wrk.format(nil, nil, ${headers}, bodies[i])\nend\n`
  );
}

/** A wrk Lua script that POSTs JSON bodies, taking the next one of `bodies` on every request; answers its file. */
export function postScript(dir: string, name: string, bodies: readonly string[], cookies?: readonly string[]): string {
  const file = path.join(dir, `${name}.lua`);
  fs.writeFileSync(file, postScriptText(bodies, cookies));
  return file;
}

/** wrk's arguments: one thread per core (two here), at most as many as connections. */
export function wrkArgs({ url, connections, seconds, script, headers = {} }: WrkOptions): string[] {
  const threads = Math.max(1, Math.min(connections, 2));
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
  if (script) args.push('-s', script);
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return args;
}

/**
 * wrk with `connections` connections (one thread per core, at most as many as connections) for
 * `seconds`; answers the parsed summary.
 */
export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = wrkArgs(options);
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      else resolve({ ...parseWrk(stdout), raw: stdout });
    });
  });
}
