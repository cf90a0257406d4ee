import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import express from 'express';
import request from 'supertest';
import { requestId } from '@study/service-kit';
import { startFakeUpstream, unusedPort, type FakeUpstream } from '../test-support/fake-upstream';
import { CircuitBreaker } from './circuit-breaker';
import { createServiceProxy } from './service-proxy';

const REPORT_PATH = '/api/user/report/3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';

/** An agent whose connections never finish connecting (the name lookup never answers), like a host that drops packets. */
class NeverConnectingAgent extends http.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.connect({ ...(options as net.TcpNetConnectOpts), lookup: () => undefined });
  }
}

/** An agent whose process is busy (a starved CPU) for `busyMs` right after it asks for a connection. */
class BusyAfterConnectAgent extends http.Agent {
  constructor(private readonly busyMs: number) {
    super({ keepAlive: true });
  }
  override createConnection(options: net.NetConnectOpts): net.Socket {
    const socket = net.connect(options);
    setImmediate(() => {
      const until = Date.now() + this.busyMs;
      while (Date.now() < until) {
        // The kernel completes the connection meanwhile; the event loop only sees it afterwards.
      }
    });
    return socket;
  }
}

function appFor(origin: string, agent: http.Agent, breaker: CircuitBreaker, connectTimeoutMs = 100) {
  const proxy = createServiceProxy({
    name: 'reports',
    origin,
    agents: { http: agent, https: new https.Agent() },
    breaker,
    connectTimeoutMs,
    upstreamTimeoutMs: 60_000,
  });
  const app = express();
  app.use(requestId());
  app.use((req, res) => proxy(req, res));
  return app;
}

describe('createServiceProxy and the circuit breaker', () => {
  let upstream: FakeUpstream | undefined;

  afterEach(async () => {
    await upstream?.close();
    upstream = undefined;
  });

  it(
    'answers 503 for a connection that does not open in time, but one such failure does not mark the service down',
    async () => {
      const agent = new NeverConnectingAgent({ keepAlive: true });
      const breaker = new CircuitBreaker({ probeIntervalMs: 60_000, probe: async () => false });
      try {
        const res = await request(appFor('http://reports.internal:4103', agent, breaker)).get(REPORT_PATH);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({
          error: 'The reports service is unavailable. Please try again shortly.',
          code: 'SERVICE_UNAVAILABLE',
          requestId: res.headers['x-request-id'],
        });
        expect(res.headers['retry-after']).toBe('5');
        expect(breaker.state).toBe('closed');
      } finally {
        breaker.stop();
        agent.destroy();
      }
    },
    3000,
  );

  it(
    'counts connects that time out together as one failure, and opens after several in a row',
    async () => {
      const agent = new NeverConnectingAgent({ keepAlive: true });
      const breaker = new CircuitBreaker({ probeIntervalMs: 60_000, probe: async () => false });
      const app = appFor('http://reports.internal:4103', agent, breaker);
      try {
        // Five calls stalled by the same moment: one piece of evidence, not five.
        const together = await Promise.all(Array.from({ length: 5 }, () => request(app).get(REPORT_PATH)));
        expect(together.map((res) => res.status)).toEqual([503, 503, 503, 503, 503]);
        expect(breaker.state).toBe('closed');
        // Each one begun after the previous failure: the host really is not answering.
        await request(app).get(REPORT_PATH);
        expect(breaker.state).toBe('closed');
        await request(app).get(REPORT_PATH);
        expect(breaker.state).toBe('open');
      } finally {
        breaker.stop();
        agent.destroy();
      }
    },
    5000,
  );

  it(
    'does not take a connection made in time for a failed one when the CPU was busy past the connect timeout',
    async () => {
      upstream = await startFakeUpstream('reports');
      const agent = new BusyAfterConnectAgent(300);
      const breaker = new CircuitBreaker({ probeIntervalMs: 60_000, probe: async () => false });
      try {
        const res = await request(appFor(upstream.url, agent, breaker, 50)).get(REPORT_PATH);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ service: 'reports', url: REPORT_PATH });
        expect(breaker.state).toBe('closed');
      } finally {
        breaker.stop();
        agent.destroy();
      }
    },
    5000,
  );

  it(
    'opens at once on a refused connection: nothing listens there',
    async () => {
      const agent = new http.Agent({ keepAlive: true });
      const breaker = new CircuitBreaker({ probeIntervalMs: 60_000, probe: async () => false });
      try {
        const res = await request(appFor(`http://127.0.0.1:${await unusedPort()}`, agent, breaker)).get(REPORT_PATH);
        expect(res.status).toBe(503);
        expect(breaker.state).toBe('open');
      } finally {
        breaker.stop();
        agent.destroy();
      }
    },
    3000,
  );

  it(
    'passes a text/event-stream through as it comes and keeps it open past the answer timeout',
    async () => {
      let upstreamRes: http.ServerResponse | undefined;
      const upstream = http.createServer((_req, res) => {
        upstreamRes = res;
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        res.write('event: results\ndata: {"n":1}\n\n');
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const { port } = upstream.address() as net.AddressInfo;
      const breaker = new CircuitBreaker({ probeIntervalMs: 60_000, probe: async () => true });
      const agent = new http.Agent({ keepAlive: true });
      const proxy = createServiceProxy({
        name: 'participants',
        origin: `http://127.0.0.1:${port}`,
        agents: { http: agent, https: new https.Agent() },
        breaker,
        connectTimeoutMs: 1000,
        upstreamTimeoutMs: 200,
      });
      const app = express();
      app.use(requestId());
      app.use((req, res) => proxy(req, res));
      const gateway = http.createServer(app);
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      try {
        const chunks: string[] = [];
        const ended = await new Promise<boolean>((resolve, reject) => {
          const req = http.get(`http://127.0.0.1:${(gateway.address() as net.AddressInfo).port}/api/user/events/3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f`, (res) => {
            expect(res.headers['content-type']).toBe('text/event-stream');
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              chunks.push(chunk);
              // The first event arrives at once (nothing buffers it); the second after three answer timeouts of silence.
              if (chunks.length === 1) setTimeout(() => upstreamRes?.end('event: results\ndata: {"n":2}\n\n'), 600);
            });
            res.on('end', () => resolve(true));
            res.on('error', reject);
          });
          req.on('error', reject);
        });
        expect(ended).toBe(true);
        expect(chunks.join('')).toBe('event: results\ndata: {"n":1}\n\nevent: results\ndata: {"n":2}\n\n');
      } finally {
        breaker.stop();
        agent.destroy();
        await new Promise((resolve) => gateway.close(resolve));
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
    5000,
  );
});
