// A temporary nginx on a free port, used as the reference for the gateway: /api/user proxied
// to svc-participants through an upstream keepalive pool, and the same built frontend files
// (precompressed .gz/.br served when they exist beside them; nginx-config.ts). Its files live in
// one folder of the run and it is stopped by the pid this process started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForPort } from '../lib/ports';
import { freePort } from '../lib/local-services';
import { BROTLI_MODULE, nginxConfig } from './nginx-config';

export interface NginxOptions {
  /** The run's folder for nginx (created). */
  dir: string;
  root: string;
  participantsPort: number;
  log?: ((line: string) => void) | undefined;
}

export interface RunningNginx {
  url: string;
  /** The master's pid (its workers are its children). */
  pid: number;
  stop(): Promise<void>;
}

export async function startNginx({ dir, root, participantsPort, log }: NginxOptions): Promise<RunningNginx> {
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const port: number = await freePort();
  const brotli = fs.existsSync(BROTLI_MODULE);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, nginxConfig({ dir, root, port, participantsPort, brotli, isRoot }));
  const out = fs.openSync(path.join(dir, 'nginx.out'), 'a');
  const child = spawn('nginx', ['-p', dir, '-c', confFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with code ${code}; see ${dir}/error.log and nginx.out`))));
  await Promise.race([waitForPort(port, '127.0.0.1', 10_000), exited]);
  exited.catch(() => {});
  const pid = child.pid;
  if (pid === undefined) throw new Error(`nginx did not start; see ${dir}/error.log and nginx.out`);
  log?.(`nginx on 127.0.0.1:${port}${brotli ? ' (gzip_static, brotli_static)' : ' (gzip_static; no brotli module)'}`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}
