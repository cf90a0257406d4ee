// Browser tests drive the system's Chromium (Debian package) through playwright-core;
// a browser is never downloaded.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { has } from './system-tools';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROMIUM_PATH when it exists, otherwise the first Chromium or Chrome installed in the usual places. */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? configured : undefined;
  return candidates.find((p) => fs.existsSync(p));
}

/** The browser's path; installs Chromium first where we may (root with apt-get), otherwise says how. */
export function ensureChromium(log: (msg: string) => void = console.log): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && has('apt-get')) {
    log('Installing Chromium for the browser tests (apt-get install chromium)...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit', shell: '/bin/bash' });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'Chromium is needed for the browser tests and was not found.\n' +
      '  Debian/Ubuntu: `sudo apt-get install -y chromium`; elsewhere install Chromium or Chrome and set CHROMIUM_PATH to its binary.',
  );
}
