import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readPinnedNode } from './lib/node-runtime';

const root = path.resolve(__dirname, '..');
const pinned = readPinnedNode(root);
const runMjs = path.join(root, 'scripts', 'run.mjs');
const probe = 'scripts/lib/run-probe.ts';
const REEXEC_LINE = new RegExp(`^\\[run\\] This machine's Node.js is [\\d.]+; running on Node.js ${pinned.replace(/\./g, '\\.')} from \\.tools/node-${pinned.replace(/\./g, '\\.')}/bin/node \\(\\.node-version\\)$`, 'm');

interface ProbeReport {
  version: string;
  execPathChild: string;
  onPath: string;
  args: string[];
  probeVar: string | null;
}

const reportOf = (stdout: string): ProbeReport => JSON.parse(stdout.split('\n')[0] ?? '') as ProbeReport;

/** A `node` on PATH of another line than the pinned one (the machine's own), or null. */
function otherNode(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    if (!dir || !fs.existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (version && version.split('.')[0] !== `v${pinned.split('.')[0]}`) return candidate;
  }
  return null;
}

// Each test starts node processes that load tsx: seconds on a busy machine.
jest.setTimeout(30_000);

// What a failed test may leave behind: a probe's process group (run.mjs and the tool under it).
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (!child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** Starts the probe through run.mjs, in a process group of its own, and resolves once it says it is ready. */
function startProbe(node: string, mode: 'trap' | 'hang'): Promise<{ child: ChildProcess; output: () => string; ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
  const child = spawn(node, [runMjs, probe, mode], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let out = '';
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) resolve({ child, output: () => out, ended });
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void ended.then(() => reject(new Error(`the probe ended before it was ready:\n${out}`)));
  });
}

describe('scripts/run.mjs on the pinned Node.js line', () => {
  it('runs the tool in the same process, passing its arguments and exit code', () => {
    const res = spawnSync(process.execPath, [runMjs, probe, 'exit', '3', 'two words'], { cwd: root, encoding: 'utf8', env: { ...process.env, RUN_PROBE_VAR: 'kept' } });
    expect(res.stderr).not.toMatch(REEXEC_LINE);
    expect(res.status).toBe(3);
    expect(reportOf(res.stdout)).toEqual({ version: process.version, execPathChild: process.version, onPath: expect.any(String), args: ['3', 'two words'], probeVar: 'kept' });
  });
});

const older = otherNode();
// Where the machine's `node` is already the pinned line there is no other to start from.
(older ? describe : describe.skip)(`scripts/run.mjs on another Node.js line (${older ?? 'none on PATH'})`, () => {
  const node = older ?? '';

  it(`says so in one line and runs the tool on Node.js ${pinned}, with the pinned Node first on PATH`, () => {
    // As under npm test, where this test itself runs below scripts/run.mjs's re-run.
    const env = { ...process.env, RUN_PROBE_VAR: 'passed on', STUDY_PINNED_NODE: path.join(root, '.tools', `node-${pinned}`, 'bin', 'node') };
    const res = spawnSync(node, [runMjs, probe, 'exit', '5', 'a', ''], { cwd: root, encoding: 'utf8', env });
    expect(res.stderr.match(new RegExp(REEXEC_LINE.source, 'gm'))).toHaveLength(1);
    expect(res.status).toBe(5);
    expect(reportOf(res.stdout)).toEqual({ version: `v${pinned}`, execPathChild: `v${pinned}`, onPath: `v${pinned}`, args: ['5', 'a', ''], probeVar: 'passed on' });
  });

  it('passes a signal sent to it on to the tool, and ends with the exit code the tool chose', async () => {
    const { child, output, ended } = await startProbe(node, 'trap');
    child.kill('SIGTERM');
    expect(await ended).toEqual({ code: 8, signal: null });
    expect(output().match(/got SIGTERM/g)).toHaveLength(1);
  });

  it('ends by the same signal as the tool when the tool does not catch it', async () => {
    const { child, ended } = await startProbe(node, 'hang');
    child.kill('SIGTERM');
    expect(await ended).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('lets the tool handle a Ctrl-C, which the terminal sends to the whole process group, once', async () => {
    const { child, output, ended } = await startProbe(node, 'trap');
    process.kill(-(child.pid ?? 0), 'SIGINT');
    expect(await ended).toEqual({ code: 7, signal: null });
    expect(output().match(/got SIGINT/g)).toHaveLength(1);
  });

  it('ends by the Ctrl-C, as the tool does, when the tool does not catch it', async () => {
    const { child, ended } = await startProbe(node, 'hang');
    process.kill(-(child.pid ?? 0), 'SIGINT');
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
  });
});
