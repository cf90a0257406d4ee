// A small local control of a running `npm start`, for `npm run dev`: restarting one of the
// stack's processes (a service or the gateway, after dev rebuilt it) by the stack itself, so the
// new process has exactly the environment, port and log file the stack gives it, stays the
// stack's child (Ctrl-C on npm start stops it) and is not reported as a crash. It listens on
// 127.0.0.1 only, on a free port, and answers only the token it wrote, with its address, into a
// file only this user may read (.data/stack-control.json, removed when the stack stops).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** What the control file holds. */
export interface StackControlInfo {
  /** The control's own address, e.g. http://127.0.0.1:40123. */
  url: string;
  token: string;
  /** npm start's process. */
  pid: number;
  /** The stack's gateway, e.g. http://127.0.0.1:8080. */
  gatewayUrl: string;
}

/** The control file's content, checked; throws naming what is wrong. */
export function parseControlInfo(text: string): StackControlInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('the stack control file is not JSON');
  }
  const info = parsed as Partial<Record<keyof StackControlInfo, unknown>> | null;
  if (
    typeof info !== 'object' ||
    info === null ||
    typeof info.url !== 'string' ||
    !/^http:\/\/127\.0\.0\.1:\d+$/.test(info.url) ||
    typeof info.token !== 'string' ||
    info.token.length < 32 ||
    !Number.isInteger(info.pid) ||
    typeof info.gatewayUrl !== 'string'
  ) {
    throw new Error('the stack control file lacks its url, token, pid or gatewayUrl');
  }
  return { url: info.url, token: info.token, pid: info.pid as number, gatewayUrl: info.gatewayUrl };
}

/** What a request to the control asks, or why it is refused. */
export type ControlRequest = { ok: true; process: string } | { ok: false; status: number; error: string };

/** The path that restarts a process: POST /restart/<process>. */
export const restartPath = (process: string): string => `/restart/${encodeURIComponent(process)}`;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads a request: `POST /restart/<process>` with `Authorization: Bearer <token>`, the process one of `processes`. */
export function readControlRequest(method: string | undefined, pathname: string, authorization: string | undefined, token: string, processes: readonly string[]): ControlRequest {
  if (!sameToken(authorization ?? '', `Bearer ${token}`)) return { ok: false, status: 401, error: 'the control answers only the token in its file' };
  const match = /^\/restart\/([^/]+)$/.exec(pathname);
  if (!match) return { ok: false, status: 404, error: `no such control: ${pathname}` };
  if (method !== 'POST') return { ok: false, status: 405, error: 'restarting is a POST' };
  const name = decodeURIComponent(match[1] as string);
  if (!processes.includes(name)) return { ok: false, status: 404, error: `${name} is not a process this stack restarts (${processes.join(', ')})` };
  return { ok: true, process: name };
}

export interface StackControlOptions {
  /** Where the control's address and token are written. */
  file: string;
  gatewayUrl: string;
  /** The processes it may restart. */
  processes: readonly string[];
  /** Stops the process and starts it again, resolving once it answers its health check. */
  restart: (process: string) => Promise<void>;
  log?: (msg: string) => void;
}

export interface StackControl {
  info: StackControlInfo;
  close: () => Promise<void>;
}

/** Starts the control and writes its file. Restarts run one at a time, in the order asked. */
export async function serveStackControl(o: StackControlOptions): Promise<StackControl> {
  const token = randomBytes(24).toString('hex');
  let queue: Promise<unknown> = Promise.resolve();
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const request = readControlRequest(req.method, new URL(req.url ?? '/', 'http://control').pathname, req.headers.authorization, token, o.processes);
    req.resume();
    if (!request.ok) return answer(request.status, { error: request.error });
    const run = queue.then(async () => {
      const started = Date.now();
      o.log?.(`restarting ${request.process} (asked by npm run dev)`);
      await o.restart(request.process);
      o.log?.(`${request.process} restarted (${Date.now() - started} ms)`);
      return Date.now() - started;
    });
    queue = run.catch(() => undefined);
    run.then(
      (ms) => answer(200, { process: request.process, ms }),
      (err: unknown) => answer(500, { error: err instanceof Error ? err.message : String(err) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const info: StackControlInfo = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token, pid: process.pid, gatewayUrl: o.gatewayUrl };
  fs.mkdirSync(path.dirname(o.file), { recursive: true });
  fs.writeFileSync(o.file, JSON.stringify(info, null, 2), { mode: 0o600 });
  return {
    info,
    close: async () => {
      // Only this stack's file: another npm start may have written its own since.
      try {
        if (parseControlInfo(fs.readFileSync(o.file, 'utf8')).token === token) fs.rmSync(o.file, { force: true });
      } catch {
        /* gone already */
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The running stack's control, from its file; undefined when no npm start that is still running wrote one. */
export function findStackControl(file: string): StackControlInfo | undefined {
  if (!fs.existsSync(file)) return undefined;
  const info = parseControlInfo(fs.readFileSync(file, 'utf8'));
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    // EPERM: the process exists (another user's); anything else: it is gone.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return info;
}

/** Asks the stack to restart `process`; answers how long the restart took (ms). Throws with the stack's reason when it failed. */
export async function requestRestart(info: StackControlInfo, process: string, timeoutMs = 120_000): Promise<number> {
  const res = await fetch(`${info.url}${restartPath(process)}`, { method: 'POST', headers: { authorization: `Bearer ${info.token}` }, signal: AbortSignal.timeout(timeoutMs) });
  const body = (await res.json().catch(() => ({}))) as { ms?: number; error?: string };
  if (!res.ok) throw new Error(body.error ?? `the stack control answered ${res.status}`);
  return body.ms ?? 0;
}
