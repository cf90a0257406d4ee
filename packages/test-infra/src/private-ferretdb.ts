import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { uniqueName } from './test-env';

const root = path.resolve(__dirname, '../../..');
const ferretBin = path.join(root, '.tools', 'bin', 'ferretdb');
const postgresLib = path.join(root, 'scripts', 'lib', 'postgres.ts');

/** A FerretDB of one test's own, on its own PostgreSQL database, that the test may stop and start again. */
export interface PrivateFerretDb {
  /** mongodb://127.0.0.1:<port>/ (the port stays the same across stop and start). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and drops its database. */
  dispose(): Promise<void>;
}

// The database helpers are ES modules; a child process runs them, as jest loads this file as CommonJS.
function runPostgresLib(call: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import * as pg from ${JSON.stringify(postgresLib)}; await pg.${call};`], { stdio: 'inherit' });
}

function waitForPort(port: number, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`FerretDB exited with code ${child.exitCode}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`FerretDB did not listen on ${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Starts a private FerretDB (needs .tools/bin/ferretdb and PostgreSQL, as the integration setup does). */
export async function startPrivateFerretDb(): Promise<PrivateFerretDb> {
  const pgDatabase = uniqueName('ferretdb_private').toLowerCase();
  runPostgresLib(`createPgDatabase(${JSON.stringify(pgDatabase)})`);
  const port = await freePort();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferretdb-private-'));
  // The same URL (and connection limit) as every other FerretDB of the project.
  const pgUrl = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import * as pg from ${JSON.stringify(postgresLib)}; process.stdout.write(pg.pgDatabaseUrl(${JSON.stringify(pgDatabase)}));`], { encoding: 'utf8' });
  let child: ChildProcess | null = null;

  const start = async () => {
    if (child) return;
    const started = spawn(
      ferretBin,
      ['--handler=postgresql', `--postgresql-url=${pgUrl}`, `--state-dir=${stateDir}`, `--listen-addr=127.0.0.1:${port}`, '--debug-addr=-', '--telemetry=disable', '--log-level=error'],
      { stdio: 'ignore' },
    );
    child = started;
    await waitForPort(port, started);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    start,
    stop,
    dispose: async () => {
      await stop();
      runPostgresLib(`dropPgDatabase(${JSON.stringify(pgDatabase)})`);
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
