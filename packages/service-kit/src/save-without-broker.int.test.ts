import request from 'supertest';
import { createEvent, outboxLockKey, withOutbox } from '@study/event-bus';
import { TcpProxy, testEnv as connections } from '@study/test-infra';
import { baseServiceConfig, loadConfig } from './config';
import { startService, type RunningService } from './runtime';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue } from './testing';

jest.setTimeout(60_000);

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const schema = baseServiceConfig({ port: 0, mongoDb: 'kit', queue: 'svc-kit' });

interface SaveDoc {
  _id: string;
  saves?: number;
  outbox?: unknown[];
}

describe('a save while the broker is away', () => {
  const testEnv = serviceTestEnv('kit_nobroker');
  const { logger } = memoryLogger('warn', 'svc-kit');
  let proxy: TcpProxy;
  let svc: RunningService;
  let probe: ProbeQueue;

  beforeAll(async () => {
    const amqp = new URL(connections().amqpUrl);
    proxy = await TcpProxy.start(amqp.hostname, Number(amqp.port) || 5672);
    const config = loadConfig(schema, { ...testEnv.env, AMQP_URL: proxy.urlFor(connections().amqpUrl) });
    svc = await startService({
      service: 'svc-kit',
      config,
      logger,
      outboxCollections: (ctx) => [ctx.db.collection('saves')],
      routes: (app, ctx) => {
        app.post('/api/save', async (_req, res) => {
          const saves = ctx.db.collection<SaveDoc>('saves');
          const event = createEvent({ type: 'participants.survey.completed.v1', source: 'svc-kit', subject: PG_ID, data: { surveyId: 'nardi' } });
          await ctx.lock.run(outboxLockKey('saves', PG_ID), () => saves.updateOne({ _id: PG_ID }, withOutbox<SaveDoc>({ $inc: { saves: 1 } }, event), { upsert: true }));
          ctx.nudgeOutbox('saves', PG_ID);
          res.status(201).json({ stored: true, eventId: event.id });
        });
      },
    });
    probe = await probeQueue(connections().amqpUrl, testEnv.exchange, 'participants.#');
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await proxy?.close();
    await testEnv.cleanup();
  });

  it('answers 201 with the event kept in the outbox, and publishes it once the broker is back', async () => {
    proxy.refuse();
    proxy.dropAll();
    await waitFor(() => !svc.ctx.broker.isConnected(), 'the broker connection to drop');

    const res = await request(svc.url).post('/api/save').send({});
    expect(res.status).toBe(201);
    const stored = await svc.ctx.db.collection<SaveDoc>('saves').findOne({ _id: PG_ID });
    expect(stored?.saves).toBe(1);
    expect(stored?.outbox).toHaveLength(1);

    proxy.acceptAgain();
    const published = (await probe.next(20_000)) as { id: string };
    expect(published.id).toBe(res.body.eventId);
    await waitFor(async () => ((await svc.ctx.db.collection<SaveDoc>('saves').findOne({ _id: PG_ID }))?.outbox ?? [1]).length === 0, 'the outbox to empty');
  });
});
