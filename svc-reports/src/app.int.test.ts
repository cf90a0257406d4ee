import request from 'supertest';
import { errorBodySchema, EventTypes } from '@study/contracts';
import { createEvent } from '@study/event-bus';
import { memoryLogger, serviceTestEnv, waitFor } from '@study/service-kit/testing';
import { start, type RunningReports } from './app';
import { loadReportsConfig } from './config';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';

describe('svc-reports', () => {
  const testEnv = serviceTestEnv('reports');
  const config = loadReportsConfig(testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-reports');
  let svc: RunningReports;

  beforeAll(async () => {
    svc = await start(config, { logger });
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  it('is alive and ready once Mongo, RabbitMQ and Redis answer', async () => {
    expect((await request(svc.url).get('/healthz').expect(200)).body).toEqual({ status: 'ok', service: 'svc-reports' });
    expect((await request(svc.url).get('/readyz').expect(200)).body).toEqual({ status: 'ready', checks: { mongo: 'ok', amqp: 'ok', redis: 'ok' } });
  });

  it.each([
    ['GET', `/api/user/report/${PG_ID}`],
    ['POST', '/api/user/nardi/report'],
    ['GET', '/api/anything'],
  ])('answers %s %s, which it does not serve yet, with a JSON 404', async (method, path) => {
    const res = await (method === 'GET' ? request(svc.url).get(path) : request(svc.url).post(path).send({ pgId: PG_ID })).expect(404);
    expect(errorBodySchema.parse(res.body).code).toBe('NOT_FOUND');
  });

  it.each([
    [EventTypes.surveyCompleted, 'svc-participants'],
    [EventTypes.scoreFinalized, 'svc-scoring'],
  ])('consumes %s from its queue; one it does not handle is acked and logged at debug', async (type, source) => {
    const event = createEvent({ type, source, subject: PG_ID, data: {} });
    await svc.ctx.broker.publish(event);
    await waitFor(() => svc.ctx.db.collection('inbox').findOne({ _id: event.id as never }), 'the event in the inbox');
    expect(lines().find((l) => l.msg === 'event not handled here' && l.eventId === event.id)).toMatchObject({ level: 'debug', eventType: type });
  });

  it('stops cleanly', async () => {
    const other = await start(loadReportsConfig(testEnv.env));
    await other.stop();
    expect(other.server.listening).toBe(false);
    expect(other.ctx.broker.isConnected()).toBe(false);
    expect(other.ctx.redis.isOpen).toBe(false);
    await expect(other.ctx.mongo.ping()).rejects.toThrow();
  });
});
