import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { KEEP_ALIVE_TIMEOUT_MS } from '@study/service-kit';
import { loadConfig } from '../config';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams, participantCookie } from '../test-support/harness';

const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';

interface TestUpstream {
  url: string;
  /** Requests that got an answer: method, url, body. */
  answered: { method: string; url: string; body: string }[];
  /** Connections the upstream cut without answering. */
  resets: number;
  server: http.Server;
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * An upstream that answers only the first request on each connection and closes the
 * connection when a second one arrives on it, before answering: every reuse of a keep-alive
 * connection meets the race in which the upstream closed it just as the request went out.
 */
async function startOneShotUpstream(): Promise<TestUpstream> {
  const upstream = { answered: [], resets: 0 } as unknown as TestUpstream;
  const served = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    if (served.has(req.socket)) {
      upstream.resets += 1;
      req.socket.destroy();
      return;
    }
    served.add(req.socket);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      upstream.answered.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, body }));
    });
  });
  // No Keep-Alive hint: the gateway cannot know the upstream will not take a second request.
  server.keepAliveTimeout = 0;
  upstream.server = server;
  upstream.url = await listen(server);
  upstream.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return upstream;
}

/** An upstream that closes every connection that stays idle for `idleMs`, without announcing it. */
async function startQuickIdleCloseUpstream(idleMs: number): Promise<TestUpstream> {
  const upstream = { answered: [], resets: 0 } as unknown as TestUpstream;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      upstream.answered.push({ method: req.method ?? '', url: req.url ?? '', body: '' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => socket.setTimeout(idleMs, () => socket.destroy()));
  upstream.server = server;
  upstream.url = await listen(server);
  upstream.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return upstream;
}

describe('keep-alive connections to a service', () => {
  let upstreams: Upstreams;
  let oneShot: TestUpstream;
  let quickIdle: TestUpstream;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    oneShot = await startOneShotUpstream();
    quickIdle = await startQuickIdleCloseUpstream(40);
    running = await startGateway({ ...upstreamEnv(upstreams), PARTICIPANTS_URL: oneShot.url, REPORTS_URL: quickIdle.url });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
    await oneShot?.close();
    await quickIdle?.close();
  });

  it('are closed by the gateway before the services close them', () => {
    expect(loadConfig({ STUDY_CONTACT_EMAIL: 'study-team@example.org', PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123' }).upstreamIdleTimeoutMs).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
  });

  it(
    'never hand the client a connection the service had closed: the call is sent again on a new one, body intact',
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const save = await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).set('content-type', 'application/json').send({ pgId: PG_ID });
        statuses.push(save.status);
        expect(save.body).toEqual({ ok: true, body: JSON.stringify({ pgId: PG_ID }) });
        const read = await request(running.url).get('/api/settings');
        statuses.push(read.status);
      }
      expect(statuses.every((status) => status === 200)).toBe(true);
      // The race really happened, and each call reached the service exactly once.
      expect(oneShot.resets).toBeGreaterThan(0);
      expect(oneShot.answered.filter((call) => call.method === 'POST')).toHaveLength(6);
      expect(oneShot.answered.filter((call) => call.method === 'POST').every((call) => call.body === JSON.stringify({ pgId: PG_ID }))).toBe(true);
      expect(running.logs.entries().some((entry) => entry.msg === 'service call failed')).toBe(false);
    },
    10_000,
  );

  it(
    'never answer 502 or 503 when the service closes idle connections quickly',
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        // Around the service's idle timeout, where reuse and close cross.
        await new Promise((resolve) => setTimeout(resolve, 30 + (i % 7) * 3));
        const res = await request(running.url).get(`/api/user/report/${PG_ID}`).set('cookie', participantCookie(PG_ID));
        statuses.push(res.status);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    },
    15_000,
  );
});

describe('an event stream from a service', () => {
  let upstreams: Upstreams;
  let stream: http.Server;
  let streamClosed: Promise<void>;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    let markClosed: () => void = () => undefined;
    streamClosed = new Promise((resolve) => {
      markClosed = resolve;
    });
    stream = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: first\ndata: 1\n\n');
      // Quiet for longer than the gateway's answer deadline, then one more event.
      const later = setTimeout(() => res.write('event: second\ndata: 2\n\n'), 600);
      res.on('close', () => {
        clearTimeout(later);
        markClosed();
      });
    });
    const url = await listen(stream);
    running = await startGateway({ ...upstreamEnv(upstreams), REPORTS_URL: url, UPSTREAM_TIMEOUT_MS: '200' });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
    stream?.closeAllConnections();
    await new Promise((resolve) => stream?.close(resolve));
  });

  it(
    'reaches the browser event by event, outlives the answer deadline, and ends upstream when the browser leaves',
    async () => {
      const received: string[] = [];
      const seen = (text: string) =>
        new Promise<void>((resolve) => {
          const check = () => (received.join('').includes(text) ? resolve() : setTimeout(check, 10));
          check();
        });
      const req = http.get(`${running.url}/api/user/report/${PG_ID}`, { headers: { accept: 'text/event-stream', cookie: participantCookie(PG_ID) } });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream');
      expect(res.headers['x-accel-buffering']).toBe('no');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => received.push(chunk));
      // The first event arrives while the stream is still open: nothing waits for its end.
      await seen('data: 1');
      expect(res.complete).toBe(false);
      // The second comes after a silence longer than UPSTREAM_TIMEOUT_MS: no 504, no cut.
      await seen('data: 2');
      expect(res.complete).toBe(false);
      req.destroy();
      await streamClosed;
    },
    10_000,
  );
});
