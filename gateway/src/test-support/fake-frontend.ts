import http from 'node:http';
import path from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface FrontendRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface FakeFrontend {
  port: number;
  url: string;
  /** Every call except /healthz. */
  requests: FrontendRequest[];
  /** When set, every call except /healthz is answered with this status. */
  failWith: number | undefined;
  /** When true, every call except /healthz is accepted and never answered. */
  hang: boolean;
  close(): Promise<void>;
}

export interface FakeFrontendOptions {
  /** Answer /index.html for any missing path, files included, as nginx's `try_files $uri /index.html` does. */
  spaFallback?: boolean;
  /** A fixed port (to bring a server back where one was down); any free port when omitted. */
  port?: number;
}

/** Headers a careless web server might send: the gateway must not let them through. */
const UPSTREAM_HEADERS = {
  'Cache-Control': 'public, max-age=3600',
  'Content-Security-Policy': 'default-src *',
  'X-Frame-Options': 'ALLOWALL',
  'Referrer-Policy': 'unsafe-url',
};

/**
 * A frontend's own web server (an nginx container in docker-compose), as a small express app
 * serving `files` (path -> content) with its own cache and security headers, ETags and 304s.
 */
export async function startFakeFrontend(files: Record<string, string>, options: FakeFrontendOptions = {}): Promise<FakeFrontend> {
  const frontend: FakeFrontend = { port: 0, url: '', requests: [], failWith: undefined, hang: false, close: async () => undefined };
  const app = express();
  app.get('/healthz', (_req, res) => {
    res.type('text').send('ok');
  });
  app.use((req, res) => {
    frontend.requests.push({ method: req.method, url: req.url, headers: req.headers });
    if (frontend.hang) return;
    if (frontend.failWith !== undefined) {
      res.status(frontend.failWith).type('html').send('<h1>upstream failure</h1>');
      return;
    }
    const file = files[req.path] !== undefined ? req.path : options.spaFallback ? '/index.html' : undefined;
    const content = file === undefined ? undefined : files[file];
    if (file === undefined || content === undefined) {
      res.status(404).type('html').send('<html><body><h1>404 Not Found</h1></body></html>');
      return;
    }
    res.set(UPSTREAM_HEADERS).type(path.extname(file) || 'html').send(content);
  });
  const server = http.createServer(app);
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  frontend.port = (server.address() as AddressInfo).port;
  frontend.url = `http://127.0.0.1:${frontend.port}`;
  frontend.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return frontend;
}
