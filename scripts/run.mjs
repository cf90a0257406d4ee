// Runs one of the project's TypeScript tools: `node scripts/run.mjs <file.ts> [args...]`.
// Every npm command goes through here because a fresh clone has no node_modules yet: this file
// imports Node built-ins only, installs what is missing, then loads tsx (TypeScript for Node)
// and the tool in this same process, so signals and the exit code are the tool's own.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    throw new Error(`Node.js 20.19 or newer is needed (this is ${process.versions.node}). Install it from https://nodejs.org/ or with your package manager.`);
  }
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
  const [tool] = process.argv.splice(2, 1);
  if (!tool) throw new Error('Usage: node scripts/run.mjs <tool.ts> [args...]');
  const file = path.resolve(root, tool);
  if (!fs.existsSync(file)) throw new Error(`No such tool: ${tool}`);
  checkNode();
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
