import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The caller's source port: equal across calls when a connection was reused. */
  remotePort: number | undefined;
}

export interface FakeUpstream {
  name: string;
  port: number;
  url: string;
  requests: RecordedRequest[];
  /** What GET /readyz answers. */
  readiness: { status: number; body: unknown };
  /** When true, every call except /healthz and /readyz is accepted and never answered. */
  hang: boolean;
  close(): Promise<void>;
}

/**
 * A stand-in for one service: records every call (method, url, headers, raw body) and answers
 * JSON naming itself. Like the real services it answers malformed JSON with 400.
 */
export async function startFakeUpstream(name: string, port = 0): Promise<FakeUpstream> {
  const upstream: FakeUpstream = {
    name,
    port: 0,
    url: '',
    requests: [],
    readiness: { status: 200, body: { status: 'ready', checks: { mongo: 'ok', amqp: 'ok', redis: 'ok' } } },
    hang: false,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const requestId = req.headers['x-request-id'];
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          // What an express app with default settings would send.
          'x-powered-by': 'Express',
          'referrer-policy': 'strict-origin-when-cross-origin',
          ...(typeof requestId === 'string' ? { 'x-request-id': requestId } : {}),
        });
        res.end(JSON.stringify(payload));
      };
      if (req.url === '/healthz') return reply(200, { status: 'ok', service: name });
      if (req.url === '/readyz') return reply(upstream.readiness.status, upstream.readiness.body);
      upstream.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, remotePort: req.socket.remotePort });
      if (upstream.hang) return undefined;
      if ((req.headers['content-type'] ?? '').includes('json') && body.length > 0) {
        try {
          JSON.parse(body.toString('utf8'));
        } catch {
          return reply(400, { error: 'The request body is not valid JSON.', code: 'MALFORMED_JSON', requestId });
        }
      }
      return reply(200, { service: name, method: req.method, url: req.url });
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  upstream.port = (server.address() as AddressInfo).port;
  upstream.url = `http://127.0.0.1:${upstream.port}`;
  upstream.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return upstream;
}

/** A local port nobody listens on: a service that is down. */
export async function unusedPort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
