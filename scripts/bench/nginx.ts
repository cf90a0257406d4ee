// A temporary nginx on a free port, used as the reference for the gateway: /api/user proxied
// to svc-participants through an upstream keepalive pool, and the same built frontend files
// (precompressed .gz/.br served when they exist beside them). Its files live in one folder of
// the run and it is stopped by the pid this process started.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForPort } from '../lib/ferretdb';
import { freePort } from '../lib/local-services';

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const REMOTES = ['consent', 'dashboard', 'nardi', 'admin'];

export async function startNginx({ dir, root, participantsPort, log }) {
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const port = await freePort();
  const brotli = fs.existsSync(BROTLI_MODULE);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, 'tmp', t)};`).join('\n');
  const conf = `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}${isRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
${temp}
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
${brotli ? '  brotli_static on;\n' : ''}  upstream participants {
    server 127.0.0.1:${participantsPort};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location = /api/user {
      proxy_pass http://participants;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }
${REMOTES.map((r) => `    location /mf/${r}/ { alias ${path.join(root, `mf-${r}`, 'dist')}/; }`).join('\n')}
    location / {
      root ${path.join(root, 'shell', 'dist')};
      try_files $uri /index.html;
    }
  }
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const out = fs.openSync(path.join(dir, 'nginx.out'), 'a');
  const child = spawn('nginx', ['-p', dir, '-c', confFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with code ${code}; see ${dir}/error.log and nginx.out`))));
  await Promise.race([waitForPort(port, '127.0.0.1', 10_000), exited]);
  exited.catch(() => {});
  log?.(`nginx on 127.0.0.1:${port}${brotli ? ' (gzip_static, brotli_static)' : ' (gzip_static; no brotli module)'}`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
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
