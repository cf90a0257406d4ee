import request from 'supertest';
import { createEvent, type CloudEvent } from '@study/event-bus';
import { baseServiceConfig, loadConfig } from './config';
import { startService, type RunningService } from './runtime';
import { memoryLogger, serviceTestEnv, waitFor } from './testing';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const schema = baseServiceConfig({ port: 0, mongoDb: 'kit', queue: 'svc-kit' });

describe('startService', () => {
  const testEnv = serviceTestEnv('kit');
  const config = loadConfig(schema, testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-kit');
  const handled: CloudEvent[] = [];
  let release: () => void = () => undefined;
  let entered = false;
  let svc: RunningService;

  beforeAll(async () => {
    svc = await startService({
      service: 'svc-kit',
      config,
      logger,
      routes: (app) => {
        app.get('/api/slow', async (_req, res) => {
          entered = true;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          res.json({ done: true });
        });
      },
      consumer: {
        bindings: ['participants.#'],
        handlers: () => ({
          'participants.survey.completed.v1': async (event) => {
            handled.push(event);
          },
        }),
      },
    });
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  it('routes each event to the handler for its type and acks the others', async () => {
    const wanted = createEvent({ type: 'participants.survey.completed.v1', source: 'test', subject: PG_ID, data: { surveyId: 'nardi' } });
    const other = createEvent({ type: 'participants.surveys.reset.v1', source: 'test', subject: PG_ID, data: {} });
    await svc.ctx.broker.publish(wanted);
    await svc.ctx.broker.publish(other);
    await waitFor(() => lines().some((l) => l.msg === 'event not handled here' && l.eventId === other.id), 'the second event acknowledged');
    await waitFor(() => svc.ctx.db.collection('inbox').findOne({ _id: wanted.id as never }), 'the first event in the inbox');
    expect(handled.map((e) => e.id)).toEqual([wanted.id]);
    // Doing nothing needs no record of having done it.
    expect(await svc.ctx.db.collection('inbox').findOne({ _id: other.id as never })).toBeNull();
  });

  it('counts every database command it sends, by command and collection, on GET /metrics', async () => {
    const count = async () => {
      const text = (await request(svc.url).get('/metrics').expect(200).expect('content-type', /text\/plain/)).text;
      return Number(/^study_db_commands_total\{[^}]*command="find",collection="counted"[^}]*\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const before = await count();
    await svc.ctx.db.collection('counted').findOne({});
    await svc.ctx.db.collection('counted').find({}).toArray();
    expect(await count()).toBe(before + 2);
    expect((await request(svc.url).get('/metrics')).text).toMatch(/^process_cpu_seconds_total\{service="svc-kit"\} /m);
  });

  it('lets an in-flight request finish on stop, refuses new ones, then closes everything', async () => {
    const inFlight = request(svc.url).get('/api/slow').then((res) => res);
    await waitFor(() => entered, 'the slow request to start');
    const stopping = svc.stop();
    await waitFor(() => !svc.server.listening, 'the server to stop listening');
    await expect(request(svc.url).get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ done: true });
    await stopping;
    expect(svc.ctx.broker.isConnected()).toBe(false);
    expect(svc.ctx.redis.isOpen).toBe(false);
    expect(lines().map((l) => l.msg)).toEqual(expect.arrayContaining(['service stopping', 'service stopped']));
  });

  it('fails to start with a clear message when a dependency is unreachable', async () => {
    const bad = loadConfig(schema, { ...testEnv.env, REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(startService({ service: 'svc-kit', config: bad, logger })).rejects.toThrow(/Could not connect to Redis at redis:\/\/127\.0\.0\.1:1/);
  }, 15_000);
});
