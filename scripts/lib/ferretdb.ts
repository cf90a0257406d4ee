// FerretDB 1.24 on PostgreSQL: the embedded MongoDB-compatible database used when no MONGO_URL
// is given. Installed into .tools/bin from the Go module proxy on first use. PostgreSQL, not
// SQLite: on SQLite every query but a bare `_id` lookup reads the whole collection into
// FerretDB, and no index is ever used (see scripts/measure-db-backends.ts).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ferretBin = path.join(root, '.tools', 'bin', 'ferretdb');

function installedVersion() {
  try {
    return /version:\s*(\S+)/.exec(execFileSync(ferretBin, ['--version'], { encoding: 'utf8' }))?.[1];
  } catch {
    return undefined;
  }
}

function hasGo() {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Builds FerretDB from the Go module proxy unless the pinned version is already there. */
export function ensureFerretInstalled(log = console.log) {
  if (installedVersion() === FERRETDB_VERSION) return ferretBin;
  if (!hasGo()) {
    throw new Error(
      'FerretDB is needed for the embedded database and is built with Go, which was not found.\n' +
        '  Install Go 1.22 or newer (https://go.dev/dl/ or `apt-get install golang`), or set MONGO_URL to a MongoDB you run yourself.',
    );
  }
  log(`Building FerretDB ${FERRETDB_VERSION} (first run only, about a minute)...`);
  fs.mkdirSync(path.dirname(ferretBin), { recursive: true });
  const env = { ...process.env, GOFLAGS: '-trimpath -buildvcs=false' };
  // `go install mod@version` also asks the proxy for the module's version list, which some
  // proxies refuse; downloading the exact version and building it needs only that version.
  const info = JSON.parse(execFileSync('go', ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], { encoding: 'utf8', env }));
  if (info.Error) throw new Error(`Could not download FerretDB: ${info.Error}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferretdb-src-'));
  try {
    fs.cpSync(info.Dir, work, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', work]);
    // The module archive leaves out the generated version file that the binary embeds.
    fs.writeFileSync(path.join(work, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    execFileSync('go', ['build', '-o', ferretBin, './cmd/ferretdb'], { cwd: work, env, stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (installedVersion() !== FERRETDB_VERSION) throw new Error('FerretDB was built but does not report the expected version.');
  return ferretBin;
}

export function waitForPort(port, host = '127.0.0.1', timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Nothing answered on ${host}:${port} within ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export function isPortOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts FerretDB on a loopback port; resolves once it accepts connections.
 * handler 'pg' (the default) keeps the data in the PostgreSQL database `pgDatabase`, which must
 * exist (scripts/lib/postgres.ts creates it); 'sqlite' keeps it in dataDir (measurements only).
 */
export async function startFerret({ port, dataDir, logFile, handler = 'pg', pgDatabase, debugPort }) {
  const bin = ensureFerretInstalled();
  fs.mkdirSync(dataDir, { recursive: true });
  let backend;
  if (handler === 'pg') {
    if (!pgDatabase) throw new Error('startFerret: the PostgreSQL backend needs pgDatabase');
    const { pgDatabaseUrl } = await import('./postgres');
    backend = ['--handler=postgresql', `--postgresql-url=${pgDatabaseUrl(pgDatabase)}`];
  } else if (handler === 'sqlite') {
    const sqliteDir = path.join(dataDir, 'sqlite');
    fs.mkdirSync(sqliteDir, { recursive: true });
    backend = ['--handler=sqlite', `--sqlite-url=file:${sqliteDir}/`];
  } else {
    throw new Error(`startFerret: unknown handler ${handler}`);
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
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`FerretDB exited with code ${code}${logFile ? `; see ${logFile}` : ''}`))));
  await Promise.race([waitForPort(port), exited]);
  return { child, url: `mongodb://127.0.0.1:${port}/`, ...(debugPort ? { metricsUrl: `http://127.0.0.1:${debugPort}/debug/metrics` } : {}) };
}

/** Stops a FerretDB started by startFerret and waits for it to exit. */
export function stopFerret(ferret) {
  if (ferret.child.exitCode !== null || ferret.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    ferret.child.once('exit', resolve);
    ferret.child.kill('SIGTERM');
  });
}
