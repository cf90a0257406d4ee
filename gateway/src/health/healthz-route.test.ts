import net from 'node:net';
import request from 'supertest';
import { unusedPort } from '../test-support/fake-upstream';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';
import { isInternalAddress } from './healthz-route';

const READY_CHECKS = { mongo: 'ok', amqp: 'ok', redis: 'ok' };

describe('GET /healthz', () => {
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

  it('answers 200 ok when every service is ready', async () => {
    const res = await request(running.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ok',
      services: {
        participants: { status: 'ready', checks: READY_CHECKS },
        scoring: { status: 'ready', checks: READY_CHECKS },
        reports: { status: 'ready', checks: READY_CHECKS },
      },
    });
  });

  it("passes on the release each service names", async () => {
    upstreams.scoring.readiness = { status: 200, body: { status: 'ready', checks: READY_CHECKS, release: 'r2' } };
    try {
      const res = await request(running.url).get('/healthz');
      expect(res.body.services.scoring).toEqual({ status: 'ready', checks: READY_CHECKS, release: 'r2' });
      expect(res.body.services.reports).toEqual({ status: 'ready', checks: READY_CHECKS });
    } finally {
      upstreams.scoring.readiness = { status: 200, body: { status: 'ready', checks: READY_CHECKS } };
    }
  });

  it('answers 503 degraded naming the service that is not ready', async () => {
    upstreams.reports.readiness = { status: 503, body: { status: 'not-ready', checks: { mongo: 'ok', amqp: 'down', redis: 'ok' } } };
    try {
      const res = await request(running.url).get('/healthz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'degraded',
        services: {
          participants: { status: 'ready', checks: READY_CHECKS },
          scoring: { status: 'ready', checks: READY_CHECKS },
          reports: { status: 'not-ready', checks: { mongo: 'ok', amqp: 'down', redis: 'ok' } },
        },
      });
    } finally {
      upstreams.reports.readiness = { status: 200, body: { status: 'ready', checks: READY_CHECKS } };
    }
  });
});

describe('GET /healthz with a service down or stuck', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;
  let stuck: net.Server;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    // Accepts connections, reads and ignores the request, never answers.
    stuck = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    const stuckPort = (stuck.address() as net.AddressInfo).port;
    running = await startGateway({
      ...upstreamEnv(upstreams),
      SCORING_URL: `http://127.0.0.1:${await unusedPort()}`,
      REPORTS_URL: `http://127.0.0.1:${stuckPort}`,
      HEALTH_TIMEOUT_MS: '200',
    });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
    await new Promise((resolve) => stuck?.close(resolve));
  });

  it(
    'answers 503 degraded within the health timeout, saying why',
    async () => {
      const res = await request(running.url).get('/healthz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'degraded',
        services: {
          participants: { status: 'ready', checks: READY_CHECKS },
          scoring: { status: 'unavailable', error: 'unreachable' },
          reports: { status: 'unavailable', error: 'timed out' },
        },
      });
    },
    2000,
  );

  it('marks an unreachable service down so its routes answer 503 at once', async () => {
    await request(running.url).get('/healthz');
    const res = await request(running.url).post('/api/user/nardi').send({});
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(running.logs.entries()).toContainEqual(expect.objectContaining({ upstream: 'scoring', msg: 'service unreachable: its routes answer 503 until it is back' }));
  });

  it('does not mark a slow service down', async () => {
    await request(running.url).get('/healthz');
    expect(running.logs.entries()).not.toContainEqual(expect.objectContaining({ upstream: 'reports', msg: 'service unreachable: its routes answer 503 until it is back' }));
  });
});

describe('GET /healthz from outside the study', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    // Behind a proxy on this machine, as behind Caddy: the client's address comes from X-Forwarded-For.
    running = await startGateway({ ...upstreamEnv(upstreams), TRUST_PROXY: 'loopback' });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
  });

  it('tells a caller on the internet only ok or degraded: nothing about the parts, and asks no service', async () => {
    // A service that says it is not ready: only a call to it would learn that.
    upstreams.participants.readiness = { status: 503, body: { status: 'not-ready', checks: { mongo: 'failed', amqp: 'ok', redis: 'ok' } } };
    try {
      const res = await request(running.url).get('/healthz').set('x-forwarded-for', '203.0.113.9');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
      // The operator's side, through the same proxy, asks every part and sees it.
      const inside = await request(running.url).get('/healthz').set('x-forwarded-for', '10.0.0.5');
      expect(inside.status).toBe(503);
      expect(inside.body.services.participants).toMatchObject({ status: 'not-ready' });
    } finally {
      upstreams.participants.readiness = { status: 200, body: { status: 'ready', checks: READY_CHECKS } };
    }
  });

  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:10.1.2.3', true],
    ['172.20.0.4', true],
    ['192.168.1.9', true],
    ['fd12:3456::1', true],
    ['203.0.113.9', false],
    ['172.32.0.1', false],
    ['2001:db8::1', false],
    [undefined, false],
  ])('%s is on the study side: %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});
