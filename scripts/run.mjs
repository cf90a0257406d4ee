// Runs one of the project's TypeScript tools: `node scripts/run.mjs <file.ts> [args...]`.
// Every npm command goes through here because a fresh clone has no node_modules yet: this file
// imports Node built-ins only, installs what is missing, then loads tsx (TypeScript for Node)
// and the tool in this same process, so signals and the exit code are the tool's own.
//
// The project runs on one Node.js line, the one in `.node-version` (the base images' too). On a
// machine whose `node` is another line, this file fetches that exact version once from the npm
// registry (the `node-<platform>-<arch>` package, checked by npm against its integrity hash) into
// .tools/node-<version>/ and runs itself again under it, with that folder first on PATH, so the
// tool, what it spawns with process.execPath and every `#!/usr/bin/env node` script (jest, eslint,
// tsc, npm) run on it as well. It is plain JavaScript that an older Node can still run.
import { execFileSync, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The binary a re-run is started on (its children inherit it): should that process still not be
// on the pinned line, it stops instead of starting another.
const REEXEC_MARK = 'STUDY_PINNED_NODE';

/** The pinned version (`.node-version`, e.g. 24.21.0), read by the base images' build too. */
function pinnedVersion() {
  const text = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
  if (!/^\d+\.\d+\.\d+$/.test(text)) throw new Error(`.node-version must hold one exact version such as 24.21.0, not "${text}"`);
  return text;
}

/** A running Node of the pinned line (same major, its LTS minor or later) is used as it is. */
function isPinnedLine(version, pinned) {
  const [major, minor] = version.split('.').map(Number);
  const [pinMajor] = pinned.split('.').map(Number);
  // 24.11.0 is the first LTS release of Node 24.
  return major === pinMajor && (pinMajor !== 24 || minor >= 11);
}

/** The registry's package holding Node's own build for this machine (bin/node inside). */
function nodePackage(version) {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!platform || !arch) throw new Error(`Node.js ${version} is needed (this is ${process.versions.node}) and there is no registry build for ${process.platform}-${process.arch}: install it from https://nodejs.org/`);
  return `node-${platform}-${arch}@${version}`;
}

/** .tools/node-<version>/bin/node, fetched and unpacked on first use. */
function ensurePinnedNode(version) {
  const dir = path.join(root, '.tools', `node-${version}`);
  const binary = path.join(dir, 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  const spec = nodePackage(version);
  console.error(`[run] Fetching Node.js ${version} (${spec}, about 50 MB, once) into ${path.relative(root, dir)}...`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'study-node-'));
  try {
    // npm pack: the registry, proxy and CA settings of npm, and its integrity check.
    const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', work, spec], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim().split('\n').pop();
    // Only the binary: the package's package.json must not join the repository's manifests.
    const staged = path.join(work, 'staged');
    fs.mkdirSync(staged);
    execFileSync('tar', ['-xzf', path.join(work, file), '-C', staged, 'package/bin/node'], { stdio: 'inherit' });
    const unpacked = path.join(staged, 'package');
    const got = execFileSync(path.join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).trim();
    if (got !== `v${version}`) throw new Error(`${spec} holds Node.js ${got}, not v${version}`);
    // Copied beside its place, then renamed: another run never sees half a binary, and one that
    // won the race is as good.
    const partial = `${dir}.partial-${process.pid}`;
    fs.mkdirSync(path.join(partial, 'bin'), { recursive: true });
    fs.copyFileSync(path.join(unpacked, 'bin', 'node'), path.join(partial, 'bin', 'node'));
    fs.chmodSync(path.join(partial, 'bin', 'node'), 0o755);
    try {
      fs.renameSync(partial, dir);
    } catch (err) {
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(binary)) throw err;
    }
    return binary;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs this same command under `binary` and ends as it ends: its exit code, or its signal. The
 * signals a supervisor sends to this process are passed on; a terminal's Ctrl-C is not, as a
 * shell does not: the terminal sends it to the whole foreground process group, the tool included,
 * and passing it on as well would make one Ctrl-C two (a tool stopping on the first one would be
 * killed by the second, half-way through its clean-up).
 */
function runUnder(binary) {
  const env = { ...process.env, [REEXEC_MARK]: binary, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(binary, [...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit', env });
  // Not SIGUSR1: Node keeps it for its debugger.
  const forwarded = ['SIGTERM', 'SIGHUP', 'SIGUSR2'];
  // The terminal's own signals (Ctrl-C, Ctrl-\): the tool has them already; this process waits for it.
  const fromTerminal = ['SIGINT', 'SIGQUIT'];
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const wait = () => undefined;
  for (const signal of forwarded) process.on(signal, forward);
  for (const signal of fromTerminal) process.on(signal, wait);
  child.on('error', (err) => {
    console.error(`[run] Could not start ${binary}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of forwarded) process.removeListener(s, forward);
    for (const s of fromTerminal) process.removeListener(s, wait);
    if (code !== null) process.exit(code);
    // Ended by a signal: end by the same one (no listener is left, so it is not caught), so that
    // whoever started this command sees what happened; 128 + its number should that not work.
    process.kill(process.pid, signal);
    setTimeout(() => process.exit(128 + (os.constants.signals[signal] ?? 0)), 1000);
  });
}

/**
 * Answers true when this process is the one to run the tool; otherwise it has started the
 * pinned Node on the same command and answers false.
 */
function onPinnedNode() {
  const pinned = pinnedVersion();
  if (isPinnedLine(process.versions.node, pinned)) return true;
  const marked = process.env[REEXEC_MARK];
  if (marked && fs.existsSync(marked) && fs.realpathSync(marked) === fs.realpathSync(process.execPath)) throw new Error(`${marked} is Node.js ${process.versions.node}, not ${pinned}`);
  const binary = ensurePinnedNode(pinned);
  console.error(`[run] This machine's Node.js is ${process.versions.node}; running on Node.js ${pinned} from ${path.relative(root, binary)} (.node-version)`);
  runUnder(binary);
  return false;
}

/** Installs the npm dependencies when they are missing or older than the lockfile. */
function ensureNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && (!fs.existsSync(lock) || fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs);
  if (fresh) return;
  // `npm install` rather than `npm ci`: the lockfile may lack optional native bindings for other
  // platforms (npm leaves them out on some set-ups), which `npm ci` treats as out of sync.
  console.log('[run] Installing npm dependencies (npm install)...');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}

async function main() {
  const tool = process.argv[2];
  if (!tool) throw new Error('Usage: node scripts/run.mjs <tool.ts> [args...]');
  const file = path.resolve(root, tool);
  if (!fs.existsSync(file)) throw new Error(`No such tool: ${tool}`);
  if (!onPinnedNode()) return;
  process.argv.splice(2, 1);
  ensureNodeModules();
  await import('tsx');
  // The tool sees its own path and arguments, as if started directly.
  process.argv[1] = file;
  await import(pathToFileURL(file).href);
}

main().catch((err) => {
  console.error(`[run] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
