import net from 'node:net';
import request from 'supertest';
import { unusedPort } from '../test-support/fake-upstream';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';

const MASTER_KEY = 'Sup3rSecretMasterKey-7f3a';

function expectNoSecret(running: RunningGateway): void {
  const text = running.logs.text();
  expect(text).not.toContain(MASTER_KEY);
  expect(text).not.toContain('download=roster');
}

describe('access logs', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    running = await startGateway(upstreamEnv(upstreams));
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
  });

  it('logs one JSON line per request with method, route template, status, duration and request id', async () => {
    const res = await request(running.url).get(`/api/ohready/${MASTER_KEY}?download=roster`).set('x-request-id', 'roster-call-0001');
    expect(res.status).toBe(200);
    // The service still receives the real path.
    expect(upstreams.participants.requests.at(-1)?.url).toBe(`/api/ohready/${MASTER_KEY}?download=roster`);
    const line = running.logs.entries().find((entry) => entry.requestId === 'roster-call-0001' && entry.status !== undefined);
    expect(line).toMatchObject({ service: 'gateway', method: 'GET', route: '/api/ohready/:masterKey', status: 200, requestId: 'roster-call-0001' });
    expect(typeof line?.durationMs).toBe('number');
    expectNoSecret(running);
  });

  it('never logs the master key for a refused call', async () => {
    await request(running.url).post(`/api/ohready/${MASTER_KEY}`).send({});
    await request(running.url).get(`/api/ohready/${MASTER_KEY}/more?download=roster`);
    await request(running.url).get(`/api/ohready/${MASTER_KEY}`).set('content-length', String(200 * 1024)).send('x'.repeat(200 * 1024));
    expectNoSecret(running);
    const statuses = running.logs
      .entries()
      .filter((entry) => typeof entry.route === 'string' && entry.route.startsWith('/api/ohready/'))
      .map((entry) => entry.status);
    expect(statuses).toEqual(expect.arrayContaining([405, 404, 413]));
  });
});

describe('access logs when the service fails', () => {
  it('never logs the master key when the service is down', async () => {
    const upstreams = await startUpstreams();
    const running = await startGateway({ ...upstreamEnv(upstreams), PARTICIPANTS_URL: `http://127.0.0.1:${await unusedPort()}` });
    try {
      const first = await request(running.url).get(`/api/ohready/${MASTER_KEY}?download=roster`);
      const second = await request(running.url).get(`/api/ohready/${MASTER_KEY}?download=roster`);
      expect([first.status, second.status]).toEqual([503, 503]);
      expect(running.logs.entries()).toContainEqual(expect.objectContaining({ msg: 'service call failed', errorCode: 'ECONNREFUSED' }));
      expectNoSecret(running);
    } finally {
      await running.gateway.stop();
      await closeUpstreams(upstreams);
    }
  });

  it('never logs the master key when the service drops the connection', async () => {
    const upstreams = await startUpstreams();
    // Reads the request, then resets the connection without answering.
    const dropper = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    const port = (dropper.address() as net.AddressInfo).port;
    const running = await startGateway({ ...upstreamEnv(upstreams), PARTICIPANTS_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'trace' });
    try {
      const res = await request(running.url).get(`/api/ohready/${MASTER_KEY}?download=roster`);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(running.logs.entries()).toContainEqual(expect.objectContaining({ msg: 'service call failed', errorCode: 'ECONNRESET' }));
      expectNoSecret(running);
    } finally {
      await running.gateway.stop();
      await closeUpstreams(upstreams);
      await new Promise((resolve) => dropper.close(resolve));
    }
  });
});
