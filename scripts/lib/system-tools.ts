// Command-line tools that come from the operating system, not npm: poppler's pdftotext/pdftoppm
// read the final report PDF back in the tests; podman and its helpers build the images.
import { execSync } from 'node:child_process';

/** Whether a command is on the PATH. */
export const has = (cmd: string): boolean => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Installs a Debian package when its binary is missing and we may (root with apt-get); otherwise says how. */
export function ensureDebianTool(binary: string, debianPackage: string, log: (msg: string) => void = console.log, neededBy = 'the tests'): void {
  if (has(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && has('apt-get')) {
    log(`Installing ${debianPackage} for ${binary} (apt-get install ${debianPackage})...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackage}`, { stdio: 'inherit', shell: '/bin/bash' });
    if (has(binary)) return;
  }
  throw new Error(`${binary} is needed by ${neededBy} and was not found. Install ${debianPackage} (Debian/Ubuntu: \`sudo apt-get install -y ${debianPackage}\`).`);
}
