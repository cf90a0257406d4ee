import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import express from 'express';
import request from 'supertest';
import { requestId } from '@study/service-kit';
import { CircuitBreaker } from './circuit-breaker';
import { createServiceProxy } from './service-proxy';

/** An agent whose connections never finish connecting (the name lookup never answers), like a host that drops packets. */
class NeverConnectingAgent extends http.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.connect({ ...(options as net.TcpNetConnectOpts), lookup: () => undefined });
  }
}

describe('createServiceProxy', () => {
  it(
    'gives up on a connection that does not open within the connect timeout: 503, breaker open',
    async () => {
      const agent = new NeverConnectingAgent({ keepAlive: true });
      const breaker = new CircuitBreaker({ probeIntervalMs: 60_000, probe: async () => false });
      const proxy = createServiceProxy({
        name: 'reports',
        origin: 'http://reports.internal:4103',
        agents: { http: agent, https: new https.Agent() },
        breaker,
        connectTimeoutMs: 100,
        upstreamTimeoutMs: 60_000,
      });
      const app = express();
      app.use(requestId());
      app.use((req, res) => proxy(req, res));
      try {
        const res = await request(app).get('/api/user/report/3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f');
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          error: 'The reports service is unavailable. Please try again shortly.',
          code: 'SERVICE_UNAVAILABLE',
          requestId: res.headers['x-request-id'],
        });
        expect(breaker.state).toBe('open');
      } finally {
        breaker.stop();
        agent.destroy();
      }
    },
    2000,
  );
});
