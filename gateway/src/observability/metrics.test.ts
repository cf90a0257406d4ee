import request from 'supertest';
import { metricValue } from '@study/service-kit/testing';
import { CircuitBreaker } from '../routing/circuit-breaker';
import { unusedPort } from '../test-support/fake-upstream';
import { loadConfig } from '../config';
import { closeUpstreams, participantCookie, startGateway, startUpstreams, TEST_SESSION_SECRET, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';
import { createGatewayMetrics } from './metrics';

const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';

describe('study_gateway_breaker_state', () => {
  it('reads 0 closed, 2 open, 1 while a probe asks the service, and 0 again once it answers', async () => {
    let probeStarted: () => void = () => undefined;
    const probing = new Promise<void>((resolve) => {
      probeStarted = resolve;
    });
    let answer: (up: boolean) => void = () => undefined;
    const probe = () => {
      probeStarted();
      return new Promise<boolean>((resolve) => {
        answer = resolve;
      });
    };
    const make = () => new CircuitBreaker({ probeIntervalMs: 10, probe });
    const breakers = { participants: make(), scoring: make(), reports: make() };
    const metrics = createGatewayMetrics(breakers);
    const state = async (upstream: string) => metricValue(await metrics.registry.metrics(), 'study_gateway_breaker_state', { upstream, service: 'gateway' });
    try {
      expect(await state('scoring')).toBe(0);
      breakers.scoring.recordUnreachable('refused');
      expect(await state('scoring')).toBe(2);
      expect(await state('participants')).toBe(0);
      await probing;
      expect(await state('scoring')).toBe(1);
      answer(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await state('scoring')).toBe(0);
    } finally {
      for (const breaker of Object.values(breakers)) breaker.stop();
    }
  });
});

describe('the gateway with METRICS_PORT', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;
  let metricsUrl: string;
  const scrape = async () => (await request(metricsUrl).get('/metrics').expect(200).expect('content-type', /text\/plain/)).text;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    await upstreams.scoring.close();
    running = await startGateway({ ...upstreamEnv(upstreams), SCORING_URL: `http://127.0.0.1:${await unusedPort()}`, METRICS_PORT: '0' });
    metricsUrl = `http://127.0.0.1:${running.gateway.metricsAddress()!.port}`;
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams({ participants: upstreams?.participants, reports: upstreams?.reports });
  });

  it('counts each API call by the service that owns it and the status answered, and times it', async () => {
    const count = async (upstream: string, status: string) => metricValue(await scrape(), 'study_gateway_upstream_requests_total', { upstream, status });
    const before = await count('participants', '200');
    await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID }).expect(200);
    expect(await count('participants', '200')).toBe(before + 1);
    expect(metricValue(await scrape(), 'study_gateway_upstream_request_duration_seconds_count', { upstream: 'participants', status: '200' })).toBe(before + 1);
    // A result stream is counted, but its duration (how long a page stayed open) is not timed.
    await request(running.url).get(`/api/user/events/${PG_ID}`).set('cookie', participantCookie(PG_ID)).expect(200);
    expect(await count('participants', '200')).toBe(before + 2);
    expect(metricValue(await scrape(), 'study_gateway_upstream_request_duration_seconds_count', { upstream: 'participants', status: '200' })).toBe(before + 1);
    // Refused by the gateway itself: still a call for that service, with its status.
    await request(running.url).post('/api/user').send({ pgId: PG_ID }).expect(401);
    expect(await count('participants', '401')).toBe(1);
    // Not an API call of the table: no upstream, no series.
    await request(running.url).get('/api/no-such-call').expect(404);
    expect(metricValue(await scrape(), 'study_gateway_upstream_requests_total', { status: '404' })).toBe(0);
  });

  it("shows a service's breaker open once a call found nobody there", async () => {
    expect(metricValue(await scrape(), 'study_gateway_breaker_state', { upstream: 'scoring' })).toBe(0);
    await request(running.url).post('/api/user/nardi').set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID }).expect(503);
    const text = await scrape();
    expect(metricValue(text, 'study_gateway_breaker_state', { upstream: 'scoring' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'study_gateway_breaker_state', { upstream: 'participants' })).toBe(0);
    expect(metricValue(text, 'study_gateway_upstream_requests_total', { upstream: 'scoring', status: '503' })).toBe(1);
    expect(text).toMatch(/^process_cpu_seconds_total\{service="gateway"\} /m);
  });

  it('never serves the metrics on the public origin', async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/user/metrics', '/METRICS']) {
      const res = await request(running.url).get(path);
      expect(res.status).not.toBe(200);
      expect(res.text).not.toContain('process_cpu_seconds_total');
      expect(res.text).not.toContain('study_gateway_');
    }
  });

  it('serves nothing else on the metrics port', async () => {
    await request(metricsUrl).get('/api/user').expect(404);
    await request(metricsUrl).get('/healthz').expect(404);
  });
});

describe('METRICS_PORT', () => {
  const env = { STUDY_CONTACT_EMAIL: 'study-team@example.org', PARTICIPANT_SESSION_SECRET: TEST_SESSION_SECRET };

  it('is off unless set: no metrics listener is opened', () => {
    expect(loadConfig(env).metricsPort).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(() => loadConfig({ ...env, METRICS_PORT: 'public' })).toThrow(/METRICS_PORT/);
  });
});
