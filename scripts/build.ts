// Builds every deployable: the services and gateway (esbuild bundles) and the five
// frontends (webpack). A deployable whose inputs have not changed since its last build
// is skipped, so `npm start` is quick after the first time. `--force` rebuilds all.
import { spawn } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPLOYABLES } from './lib/deployables.cjs';
import { root } from './lib/repo-root';

export { DEPLOYABLES };

function hashTree(hash: Hash, dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (['node_modules', 'dist', '.git'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, full);
    else if (!/\.(test|int\.test|e2e\.test)\.tsx?$/.test(entry.name)) {
      hash.update(path.relative(root, full));
      hash.update(fs.readFileSync(full));
    }
  }
}

function inputsHash(dir: string): string {
  const hash = createHash('sha256');
  hashTree(hash, path.join(root, dir));
  hashTree(hash, path.join(root, 'packages'));
  for (const f of ['package-lock.json', 'tsconfig.base.json', 'scripts/build-service.ts']) {
    const full = path.join(root, f);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

function run(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent'], { cwd: path.join(root, dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`Building ${dir} failed:\n${out.slice(-4000)}`))));
  });
}

export interface BuildOptions {
  /** Rebuild even what is up to date. */
  force?: boolean;
  log?: (msg: string) => void;
  /** How many builds run at once. */
  concurrency?: number;
  /** Only these folders (e.g. ['gateway']); default: every deployable. */
  only?: readonly string[];
}

/** Builds every deployable, or only the folders listed in `only`. */
export async function buildAll({ force = false, log = console.log, concurrency = 2, only }: BuildOptions = {}): Promise<void> {
  const todo: { dir: string; stamp: string; stampFile: string }[] = [];
  for (const d of DEPLOYABLES.filter((each) => !only || only.includes(each.dir))) {
    const stampFile = path.join(root, d.dir, 'dist', '.build-stamp');
    const stamp = inputsHash(d.dir);
    if (!force && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) continue;
    todo.push({ ...d, stamp, stampFile });
  }
  if (todo.length === 0) {
    log(only ? `${only.join(', ')}: up to date.` : 'All deployables are up to date.');
    return;
  }
  log(`Building ${todo.map((d) => d.dir).join(', ')}...`);
  const queue = [...todo];
  const worker = async (): Promise<void> => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const started = Date.now();
      await run(d.dir);
      fs.mkdirSync(path.dirname(d.stampFile), { recursive: true });
      fs.writeFileSync(d.stampFile, d.stamp);
      log(`  built ${d.dir} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll({ force: process.argv.includes('--force') }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
