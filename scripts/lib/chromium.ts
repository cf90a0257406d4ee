// Browser tests drive the system's Chromium (Debian package) through playwright-core;
// a browser is never downloaded.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? configured : undefined;
  return candidates.find((p) => fs.existsSync(p));
}

export function ensureChromium(log = console.log) {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    /* not Debian-like */
  }
  if (isRoot && hasApt) {
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
