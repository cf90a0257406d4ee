// The reference nginx's configuration (nginx.ts starts it): /api/user proxied to svc-participants
// through an upstream keepalive pool, and the built frontend files, precompressed .gz/.br served
// when they exist beside them.
import path from 'node:path';

export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const REMOTES = ['consent', 'dashboard', 'nardi', 'admin'];

export interface NginxConfigOptions {
  /** The run's folder for nginx: pid, logs and temporary files. */
  dir: string;
  /** The repository: the built frontends are its shell/dist and each mf-<remote>/dist. */
  root: string;
  port: number;
  participantsPort: number;
  /** The brotli_static module is installed (BROTLI_MODULE). */
  brotli: boolean;
  /** Running as root: the workers stay root to read the repository's files. */
  isRoot: boolean;
}

export function nginxConfig({ dir, root, port, participantsPort, brotli, isRoot }: NginxConfigOptions): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, 'tmp', t)};`).join('\n');
  return `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}${isRoot ? 'user root;\n' : ''}worker_processes 1;
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
}
