// FerretDB 1.24 on PostgreSQL: the embedded MongoDB-compatible database used when no MONGO_URL
// is given. Installed into .tools/bin from the Go module proxy on first use. PostgreSQL, not
// SQLite: on SQLite every query but a bare `_id` lookup reads the whole collection into
// FerretDB, and no index is ever used (see scripts/measure-db-backends.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildGoModule } from './go-module';
import { waitForPort } from './ports';
import { pgDatabaseUrl } from './postgres';
import { root } from './repo-root';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';
export const ferretBin = path.join(root, '.tools', 'bin', 'ferretdb');

function installedVersion(): string | undefined {
  try {
    return /version:\s*(\S+)/.exec(execFileSync(ferretBin, ['--version'], { encoding: 'utf8' }))?.[1];
  } catch {
    return undefined;
  }
}

function hasGo(): boolean {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Builds FerretDB from the Go module proxy unless the pinned version is already there. */
export function ensureFerretInstalled(log: (msg: string) => void = console.log): string {
  if (installedVersion() === FERRETDB_VERSION) return ferretBin;
  if (!hasGo()) {
    throw new Error(
      'FerretDB is needed for the embedded database and is built with Go, which was not found.\n' +
        '  Install Go 1.22 or newer (https://go.dev/dl/ or `apt-get install golang`), or set MONGO_URL to a MongoDB you run yourself.',
    );
  }
  log(`Building FerretDB ${FERRETDB_VERSION} (first run only, about a minute)...`);
  buildGoModule({
    module: MODULE,
    version: FERRETDB_VERSION,
    what: 'FerretDB',
    target: './cmd/ferretdb',
    outFile: ferretBin,
    // The module archive leaves out the generated version file that the binary embeds.
    prepare: (work) => fs.writeFileSync(path.join(work, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`),
  });
  if (installedVersion() !== FERRETDB_VERSION) throw new Error('FerretDB was built but does not report the expected version.');
  return ferretBin;
}

export interface FerretOptions {
  port: number;
  /** FerretDB's state directory (and, with the sqlite handler, its data). */
  dataDir: string;
  logFile?: string;
  /** 'pg' (the default) keeps the data in PostgreSQL; 'sqlite' in dataDir (measurements only). */
  handler?: 'pg' | 'sqlite';
  /** The PostgreSQL database of the 'pg' handler; it must exist. */
  pgDatabase?: string;
  /** Serve the debug metrics (the commands FerretDB ran) on this port. */
  debugPort?: number;
}

export interface RunningFerret {
  child: ChildProcess;
  /** mongodb://127.0.0.1:<port>/ */
  url: string;
  /** With a debugPort: where the command counters are. */
  metricsUrl?: string;
}

/**
 * Starts FerretDB on a loopback port; resolves once it accepts connections.
 * handler 'pg' (the default) keeps the data in the PostgreSQL database `pgDatabase`, which must
 * exist (scripts/lib/postgres.ts creates it); 'sqlite' keeps it in dataDir (measurements only).
 */
export async function startFerret({ port, dataDir, logFile, handler = 'pg', pgDatabase, debugPort }: FerretOptions): Promise<RunningFerret> {
  const bin = ensureFerretInstalled();
  fs.mkdirSync(dataDir, { recursive: true });
  let backend: string[];
  if (handler === 'pg') {
    if (!pgDatabase) throw new Error('startFerret: the PostgreSQL backend needs pgDatabase');
    backend = ['--handler=postgresql', `--postgresql-url=${pgDatabaseUrl(pgDatabase)}`];
  } else if (handler === 'sqlite') {
    const sqliteDir = path.join(dataDir, 'sqlite');
    fs.mkdirSync(sqliteDir, { recursive: true });
    backend = ['--handler=sqlite', `--sqlite-url=file:${sqliteDir}/`];
  } else {
    throw new Error(`startFerret: unknown handler ${String(handler)}`);
  }
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(
    bin,
    [
      ...backend,
      `--state-dir=${dataDir}`,
      `--listen-addr=127.0.0.1:${port}`,
      // The debug HTTP listener (its /debug/metrics counts commands) defaults to the fixed port
      // 8088; a second FerretDB (another test run, the running stack) would then exit at start. It
      // listens only where a port is given (the bench), and is switched off otherwise.
      `--debug-addr=${debugPort ? `127.0.0.1:${debugPort}` : '-'}`,
      '--telemetry=disable',
      '--log-level=warn',
    ],
    { stdio: ['ignore', out, out] },
  );
  if (typeof out === 'number') fs.closeSync(out);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`FerretDB exited with code ${code}${logFile ? `; see ${logFile}` : ''}`))));
  await Promise.race([waitForPort(port), exited]);
  return { child, url: `mongodb://127.0.0.1:${port}/`, ...(debugPort ? { metricsUrl: `http://127.0.0.1:${debugPort}/debug/metrics` } : {}) };
}

/** Stops a FerretDB started by startFerret and waits for it to exit. */
export function stopFerret(ferret: Pick<RunningFerret, 'child'>): Promise<void> {
  if (ferret.child.exitCode !== null || ferret.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    ferret.child.once('exit', () => resolve());
    ferret.child.kill('SIGTERM');
  });
}
