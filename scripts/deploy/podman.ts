// The container tools the deployment is built and proven with: podman (with runc, as crun cannot
// run on hosts with hybrid cgroups), podman-compose and debootstrap (the local Debian base).
// Every podman call reads the repository's deploy/podman/containers.conf.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { root } from '../lib/repo-root';
import { ensureDebianTool } from '../lib/system-tools';
import { labelValue, parseImageSize } from './podman-output';

export { root };
export { mb, messageOf, seconds } from './podman-output';
export const containersConf = path.join(root, 'deploy', 'podman', 'containers.conf');

export type Log = (message: string) => void;

const TOOLS = [
  { binary: 'podman', debianPackage: 'podman' },
  { binary: 'runc', debianPackage: 'runc' },
  { binary: 'podman-compose', debianPackage: 'podman-compose' },
  { binary: 'debootstrap', debianPackage: 'debootstrap' },
] as const;

/** Installs what is missing when we may (root with apt-get); otherwise throws, saying how to get it. */
export function ensurePodmanTools(log: Log = console.log): void {
  for (const { binary, debianPackage } of TOOLS) ensureDebianTool(binary, debianPackage, log, 'the container images (npm run deploy:images)');
}

export const podmanEnv = (): NodeJS.ProcessEnv => ({ ...process.env, CONTAINERS_CONF: containersConf });

export interface RunOptions {
  cwd?: string;
  /** Echo the command's output while it runs (it is collected either way). */
  echo?: boolean;
  /** The command's standard input: a text, or a stream piped in. */
  input?: string | Readable;
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** A command that exited with a failure; its output is kept for the caller (npm ls prints its tree and exits 1). */
export class CommandFailed extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'CommandFailed';
  }
}

/**
 * Runs a command to its end. The output is collected (and echoed when `echo` is set); a failure
 * throws with the end of it, so the cause is in the message.
 */
export function run(cmd: string, args: readonly string[], { cwd = root, echo = false, input, env = podmanEnv() }: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (echo) process.stdout.write(d);
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (echo) process.stderr.write(d);
    });
    if (input !== undefined && child.stdin) {
      if (typeof input === 'string') child.stdin.end(input);
      else input.pipe(child.stdin);
    }
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new CommandFailed(`${cmd} ${args.join(' ')} failed (exit ${code}):\n${(stdout + stderr).slice(-4000)}`, code, stdout, stderr));
    });
  });
}

export const podman = (args: readonly string[], opts?: RunOptions): Promise<RunResult> => run('podman', args, opts);
export const compose = (args: readonly string[], opts?: RunOptions): Promise<RunResult> => run('podman-compose', args, opts);

/** What a podman command printed (standard output, then error), whether or not it failed: for logs shown in a failure. */
export async function podmanOutput(args: readonly string[]): Promise<string> {
  try {
    const { stdout, stderr } = await podman(args);
    return stdout + stderr;
  } catch (err) {
    return err instanceof CommandFailed ? err.stdout + err.stderr : '';
  }
}

/** The value of a label on a local image, or undefined when there is no such image. */
export async function imageLabel(image: string, label: string): Promise<string | undefined> {
  try {
    const { stdout } = await podman(['image', 'inspect', '--format', `{{ index .Config.Labels "${label}" }}`, image]);
    return labelValue(stdout);
  } catch {
    return undefined;
  }
}

/** The image's size in bytes (all its layers). */
export async function imageSize(image: string): Promise<number> {
  const { stdout } = await podman(['image', 'inspect', '--format', '{{ .Size }}', image]);
  return parseImageSize(stdout);
}
