import { BROTLI_MODULE, nginxConfig } from './nginx-config';

const options = { dir: '/run/nginx', root: '/repo', port: 40001, participantsPort: 40002, brotli: false, isRoot: false };

describe('nginxConfig', () => {
  it('listens on its port and proxies POST /api/user to svc-participants through a keepalive pool', () => {
    const conf = nginxConfig(options);
    expect(conf).toContain('    listen 127.0.0.1:40001;\n');
    expect(conf).toContain('  upstream participants {\n    server 127.0.0.1:40002;\n    keepalive 64;\n  }\n');
    expect(conf).toContain('    location = /api/user {\n      proxy_pass http://participants;\n      proxy_http_version 1.1;\n      proxy_set_header Connection "";\n');
  });

  it("keeps its pid, log and temporary files in the run's folder", () => {
    const conf = nginxConfig(options);
    expect(conf).toContain('pid /run/nginx/nginx.pid;\nerror_log /run/nginx/error.log warn;\n');
    expect(conf).toContain('  client_body_temp_path /run/nginx/tmp/client_body;\n  proxy_temp_path /run/nginx/tmp/proxy;\n');
  });

  it('serves the built shell and each remote, precompressed .gz always', () => {
    const conf = nginxConfig(options);
    for (const remote of ['consent', 'dashboard', 'nardi', 'admin']) expect(conf).toContain(`    location /mf/${remote}/ { alias /repo/mf-${remote}/dist/; }\n`);
    expect(conf).toContain('    location / {\n      root /repo/shell/dist;\n      try_files $uri /index.html;\n    }\n');
    expect(conf).toContain('  gzip_static on;\n');
  });

  it('loads the brotli module and serves .br only when it is installed', () => {
    expect(nginxConfig(options)).not.toContain('brotli');
    const withBrotli = nginxConfig({ ...options, brotli: true });
    expect(withBrotli.startsWith(`load_module ${BROTLI_MODULE};\n`)).toBe(true);
    expect(withBrotli).toContain('  gzip_static on;\n  brotli_static on;\n  upstream participants {\n');
  });

  it('keeps its workers root when run as root', () => {
    expect(nginxConfig(options).startsWith('worker_processes 1;\n')).toBe(true);
    expect(nginxConfig({ ...options, isRoot: true }).startsWith('user root;\nworker_processes 1;\n')).toBe(true);
  });
});
