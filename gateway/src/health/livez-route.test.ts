import request from 'supertest';
import { startGatewayWithServicesDown, type RunningGateway } from '../test-support/harness';

describe('GET /livez', () => {
  let running: RunningGateway;

  beforeAll(async () => {
    // No service is listening anywhere: readiness fails, liveness must not.
    running = await startGatewayWithServicesDown();
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
