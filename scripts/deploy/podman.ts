// The container tools the deployment is built and proven with: podman (with runc, as crun cannot
// run on hosts with hybrid cgroups), podman-compose and debootstrap (the local Debian base).
// Every podman call reads the repository's deploy/podman/containers.conf.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianTool } from '../lib/system-tools';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const containersConf = path.join(root, 'deploy', 'podman', 'containers.conf');

const TOOLS = [
  { binary: 'podman', debianPackage: 'podman' },
  { binary: 'runc', debianPackage: 'runc' },
  { binary: 'podman-compose', debianPackage: 'podman-compose' },
  { binary: 'debootstrap', debianPackage: 'debootstrap' },
];

/** Installs what is missing when we may (root with apt-get); otherwise throws, saying how to get it. */
export function ensurePodmanTools(log = console.log) {
  for (const { binary, debianPackage } of TOOLS) ensureDebianTool(binary, debianPackage, log, 'the container images (npm run deploy:images)');
}

export const podmanEnv = () => ({ ...process.env, CONTAINERS_CONF: containersConf });

/**
 * Runs a command to its end. The output is collected (and echoed when `echo` is set); a failure
 * throws with the end of it, so the cause is in the message.
 */
export function run(cmd, args, { cwd = root, echo = false, input, env = podmanEnv() } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      if (echo) process.stderr.write(d);
    });
    if (input !== undefined) {
      if (typeof input.pipe === 'function') input.pipe(child.stdin);
      else child.stdin.end(input);
    }
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else {
        const err = new Error(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${(stdout + stderr).slice(-4000)}`);
        Object.assign(err, { code, stdout, stderr });
        reject(err);
      }
    });
  });
}

export const podman = (args, opts) => run('podman', args, opts);
export const compose = (args, opts) => run('podman-compose', args, opts);

/** The value of a label on a local image, or undefined when there is no such image. */
export async function imageLabel(image, label) {
  try {
    const { stdout } = await podman(['image', 'inspect', '--format', `{{ index .Config.Labels "${label}" }}`, image]);
    const value = stdout.trim();
    return value === '' || value === '<no value>' ? undefined : value;
  } catch {
    return undefined;
  }
}

/** The image's size in bytes (all its layers). */
export async function imageSize(image) {
  const { stdout } = await podman(['image', 'inspect', '--format', '{{ .Size }}', image]);
  return Number(stdout.trim());
}

export const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
