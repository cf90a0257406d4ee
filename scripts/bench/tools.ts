// The load generator (wrk) and the reference proxy (nginx) come from the operating system.
// Installed with apt-get when run as root on Debian; otherwise the figures that need them are
// skipped with a line saying what to install.
import { execSync } from 'node:child_process';

/** A binary the bench needs and the Debian package it comes in. */
export interface SystemTool {
  binary: string;
  debianPackage: string;
}

const has = (cmd: string): boolean => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let updated = false;

/** True when every binary is there (installing its Debian package when we may); otherwise logs what to install. */
export function ensureTools(wanted: readonly SystemTool[], log: (line: string) => void): boolean {
  const missing = wanted.filter(({ binary }) => !has(binary));
  if (missing.length === 0) return true;
  const packages = missing.map((m) => m.debianPackage).join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && has('apt-get')) {
    log(`Installing ${packages} (apt-get install -y ${packages})...`);
    try {
      if (!updated) execSync('apt-get update -qq', { stdio: 'inherit' });
      updated = true;
      execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit', shell: '/bin/bash' });
    } catch (err) {
      log(`apt-get failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (missing.every(({ binary }) => has(binary))) return true;
  }
  log(`Skipping what needs ${packages}: install it (Debian/Ubuntu: \`sudo apt-get install -y ${packages}\`).`);
  return false;
}

export const WRK: SystemTool = { binary: 'wrk', debianPackage: 'wrk' };
export const NGINX: SystemTool = { binary: 'nginx', debianPackage: 'nginx' };
