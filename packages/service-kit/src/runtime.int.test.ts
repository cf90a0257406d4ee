import { connect as amqpConnect } from 'amqplib';
import request from 'supertest';
import { z } from 'zod';
import { defineEvent } from '@study/contracts';
import { consumerTopology, createEvent, on, type CloudEvent } from '@study/event-bus';
import { baseServiceConfig, loadConfig } from './config';
import { startService, type RunningService } from './runtime';
import { memoryLogger, metricValue, serviceTestEnv, waitFor } from './testing';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const schema = baseServiceConfig({ port: 0, mongoDb: 'kit', queue: 'svc-kit' });
// The test's own definition of a real type: its schema asks only for what the test sends.
const surveyCompleted = defineEvent({
  type: 'participants.survey.completed.v1',
  schema: z.object({ surveyId: z.string() }),
  producer: 'participants',
  consumers: ['scoring'],
  summary: 'A survey was completed (as this test sees it).',
});

describe('startService', () => {
  const testEnv = serviceTestEnv('kit');
  const config = loadConfig(schema, testEnv.env);
  const { logger, lines } = memoryLogger('debug', 'svc-kit');
  const handled: { event: CloudEvent; surveyId: string }[] = [];
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
        // Bound to participants.#, as another service's events.
        as: 'scoring',
        subscriptions: () => [
          on(surveyCompleted, async ({ surveyId }, event) => {
            handled.push({ event, surveyId });
          }),
        ],
        // One retry (after the default 1 s), so a failing event reaches the dead-letter queue soon.
        maxAttempts: 2,
      },
    });
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  it('routes each event to the subscription of its type, with its data parsed, and acks the others', async () => {
    const wanted = createEvent({ type: 'participants.survey.completed.v1', source: 'test', subject: PG_ID, data: { surveyId: 'nardi' } });
    const other = createEvent({ type: 'participants.surveys.reset.v1', source: 'test', subject: PG_ID, data: {} });
    await svc.ctx.broker.publish(wanted);
    await svc.ctx.broker.publish(other);
    await waitFor(() => lines().some((l) => l.msg === 'event not handled here' && l.eventId === other.id), 'the second event acknowledged');
    await waitFor(() => svc.ctx.db.collection('inbox').findOne({ _id: wanted.id as never }), 'the first event in the inbox');
    expect(handled.map(({ event, surveyId }) => [event.id, surveyId])).toEqual([[wanted.id, 'nardi']]);
    // Its handling is timed on GET /metrics, by type and outcome; the type it has no use for is not.
    const text = (await request(svc.url).get('/metrics').expect(200)).text;
    expect(metricValue(text, 'study_event_handling_duration_seconds_count', { type: surveyCompleted.type, outcome: 'handled', service: 'svc-kit' })).toBe(1);
    expect(metricValue(text, 'study_event_handling_duration_seconds_bucket', { type: surveyCompleted.type, outcome: 'handled', le: '+Inf' })).toBe(1);
    expect(metricValue(text, 'study_event_handling_duration_seconds_count', { type: other.type })).toBe(0);
    // Doing nothing needs no record of having done it.
    expect(await svc.ctx.db.collection('inbox').findOne({ _id: other.id as never })).toBeNull();
  });

  it('retries an event whose data breaks its schema, then parks it on the dead-letter queue, never handled', async () => {
    const series = async () => {
      const text = (await request(svc.url).get('/metrics').expect(200)).text;
      const type = surveyCompleted.type;
      return {
        failed: metricValue(text, 'study_event_handling_duration_seconds_count', { type, outcome: 'failed' }),
        retries: metricValue(text, 'study_event_retries_total', { type }),
        deadLetters: metricValue(text, 'study_event_dead_letters_total', { type }),
      };
    };
    const before = await series();
    const broken = createEvent({ type: surveyCompleted.type, source: 'test', subject: PG_ID, data: { surveyId: 7 } });
    await svc.ctx.broker.publish(broken);
    // The first attempt fails and is sent back; the retry (1 s later) fails too and is parked.
    expect(await waitFor(async () => ((await series()).retries > before.retries ? series() : undefined), 'the retry counted')).toMatchObject({
      retries: before.retries + 1,
      deadLetters: before.deadLetters,
    });
    const connection = await amqpConnect(config.AMQP_URL);
    try {
      const channel = await connection.createChannel();
      const dlq = consumerTopology(config.EVENTS_EXCHANGE, config.EVENTS_QUEUE).deadLetterQueue;
      const parked = await waitFor(async () => (await channel.get(dlq, { noAck: true })) || undefined, 'the event on the dead-letter queue');
      expect(JSON.parse(parked.content.toString('utf8'))).toMatchObject({ id: broken.id });
      expect(parked.properties.headers).toMatchObject({ 'x-attempt': 2, 'x-last-error': expect.stringContaining('surveyId') });
      await channel.close();
    } finally {
      await connection.close();
    }
    expect(handled.map(({ event }) => event.id)).not.toContain(broken.id);
    expect(await svc.ctx.db.collection('inbox').findOne({ _id: broken.id as never })).toBeNull();
    expect(await series()).toEqual({ failed: before.failed + 2, retries: before.retries + 1, deadLetters: before.deadLetters + 1 });
  });

  it('counts its HTTP requests on GET /metrics by route template and status', async () => {
    const count = async () => metricValue((await request(svc.url).get('/metrics').expect(200)).text, 'study_http_request_duration_seconds_count', { route: '/readyz', status: '200' });
    const before = await count();
    await request(svc.url).get('/readyz').expect(200);
    expect(await count()).toBe(before + 1);
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

  it('answers /readyz 503 (draining) through its shutdown notice while still serving, then closes its port', async () => {
    const noticed = await startService({
      service: 'svc-kit',
      config: loadConfig(schema, { ...testEnv.env, SHUTDOWN_NOTICE_MS: '1500' }),
      logger,
      routes: (app) => app.get('/api/ping', (_req, res) => void res.json({ pong: true })),
    });
    expect((await request(noticed.url).get('/readyz')).status).toBe(200);
    const stopping = noticed.stop();
    const draining = await request(noticed.url).get('/readyz');
    expect({ status: draining.status, body: draining.body as unknown }).toEqual({ status: 503, body: { status: 'draining' } });
    // A caller that has not noticed yet is still served.
    expect((await request(noticed.url).get('/api/ping')).body).toEqual({ pong: true });
    await stopping;
    expect(noticed.server.listening).toBe(false);
    expect(lines().map((l) => l.msg)).toContain('service draining: /readyz answers 503, requests still served');
  });

  it('fails to start with a clear message when a dependency is unreachable', async () => {
    const bad = loadConfig(schema, { ...testEnv.env, REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(startService({ service: 'svc-kit', config: bad, logger })).rejects.toThrow(/Could not connect to Redis at redis:\/\/127\.0\.0\.1:1/);
  }, 15_000);
});
