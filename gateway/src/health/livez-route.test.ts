import request from 'supertest';
import { unusedPort } from '../test-support/fake-upstream';
import { startGateway, type RunningGateway } from '../test-support/harness';

describe('GET /livez', () => {
  let running: RunningGateway;

  beforeAll(async () => {
    // No service is listening anywhere: readiness fails, liveness must not.
    const down = async () => `http://127.0.0.1:${await unusedPort()}`;
    running = await startGateway({ PARTICIPANTS_URL: await down(), SCORING_URL: await down(), REPORTS_URL: await down(), HEALTH_TIMEOUT_MS: '200' });
  });

  afterAll(async () => {
    await running?.gateway.stop();
  });

  it('answers 200 while every service behind the gateway is down', async () => {
    const live = await request(running.url).get('/livez');
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.body).toEqual({ status: 'ok' });
    expect((await request(running.url).get('/healthz')).status).toBe(503);
  });

  it('is the gateway\'s own answer, never an app page', async () => {
    const res = await request(running.url).get('/livez');
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
