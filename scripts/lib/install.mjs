// Installs the npm dependencies when they are missing or older than the lockfile.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function ensureNodeModules(root, log = console.log) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && (!fs.existsSync(lock) || fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs);
  if (fresh) return;
  const ci = Boolean(process.env.CI) && fs.existsSync(lock);
  log(ci ? 'Installing npm dependencies (npm ci)...' : 'Installing npm dependencies (npm install)...');
  execSync(ci ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
