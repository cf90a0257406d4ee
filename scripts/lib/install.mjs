// Installs the npm dependencies when they are missing or older than the lockfile.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function ensureNodeModules(root, log = console.log) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && (!fs.existsSync(lock) || fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs);
  if (fresh) return;
  // `npm install` rather than `npm ci`: the lockfile may lack optional native bindings for other
  // platforms (npm leaves them out on some set-ups), which `npm ci` treats as out of sync.
  log('Installing npm dependencies (npm install)...');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
