import request from 'supertest';
import { startFakeUpstream, unusedPort, type FakeUpstream } from '../test-support/fake-upstream';
import { closeUpstreams, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams, participantCookie } from '../test-support/harness';

const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';

describe('a service that is down', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;
  let scoringPort: number;
  let revived: FakeUpstream | undefined;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    await upstreams.scoring.close();
    scoringPort = await unusedPort();
    running = await startGateway({ ...upstreamEnv(upstreams), SCORING_URL: `http://127.0.0.1:${scoringPort}`, BREAKER_PROBE_INTERVAL_MS: '50' });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams({ participants: upstreams?.participants, reports: upstreams?.reports, scoring: revived });
  });

  it(
    'answers 503 JSON for its routes at once',
    async () => {
      for (const path of ['/api/user/nardi', '/api/user/nardi/final', '/api/user/survey/final']) {
        const res = await request(running.url).post(path).set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID });
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({
          error: 'The scoring service is unavailable. Please try again shortly.',
          code: 'SERVICE_UNAVAILABLE',
          requestId: res.headers['x-request-id'],
        });
      }
    },
    2000,
  );

  it(
    "keeps the other services' routes answering",
    async () => {
      const user = await request(running.url).post('/api/user').set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID });
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ service: 'participants' });
      const report = await request(running.url).post('/api/user/nardi/report').set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID });
      expect(report.status).toBe(200);
      expect(report.body).toMatchObject({ service: 'reports' });
    },
    2000,
  );

  it(
    'routes to it again once it is back',
    async () => {
      revived = await startFakeUpstream('scoring', scoringPort);
      let status = 0;
      while (status !== 200) {
        status = (await request(running.url).post('/api/user/nardi').set('cookie', participantCookie(PG_ID)).send({ pgId: PG_ID })).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(revived.requests.at(-1)?.url).toBe('/api/user/nardi');
    },
    5000,
  );

  it('logs that the service went down and came back', () => {
    const messages = running.logs.entries().filter((entry) => entry.upstream === 'scoring').map((entry) => entry.msg);
    expect(messages).toEqual(expect.arrayContaining(['service unreachable: its routes answer 503 until it is back', 'service reachable again']));
  });
});

describe('a service that does not answer in time', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    upstreams.reports.hang = true;
    running = await startGateway({ ...upstreamEnv(upstreams), UPSTREAM_TIMEOUT_MS: '200' });
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
  });

  it(
    'answers 504 JSON and keeps routing to it',
    async () => {
      const res = await request(running.url).get(`/api/user/report/${PG_ID}`).set('cookie', participantCookie(PG_ID));
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({
        error: 'The reports service took too long to answer. Please try again shortly.',
        code: 'UPSTREAM_TIMEOUT',
        requestId: res.headers['x-request-id'],
      });
      // A slow answer is not an outage: the next call is still forwarded.
      upstreams.reports.hang = false;
      const next = await request(running.url).get(`/api/user/report/${PG_ID}`).set('cookie', participantCookie(PG_ID));
      expect(next.status).toBe(200);
    },
    3000,
  );
});
