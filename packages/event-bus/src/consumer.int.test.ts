import { MongoClient, type Db } from 'mongodb';
import { testEnv, uniqueName } from '@study/test-infra';
import { EventBroker } from './broker';
import { createEvent, type CloudEvent } from './cloud-event';
import { ATTEMPT_HEADER, ORIGINAL_EXCHANGE_HEADER, ORIGINAL_ROUTING_KEY_HEADER, startConsumer, type ConsumerOptions, type InboxEntry, type RunningConsumer } from './consumer';
import { consumerTopology } from './topology';
import { AmqpAdmin, memoryLogger, sleep, waitFor } from './test-support/support';

// Reconnects and retries take a few seconds; waitFor() fails with a clear message well before this.
jest.setTimeout(90_000);

const { amqpUrl, mongoUrl } = testEnv();
const exchange = uniqueName('evbus_consumer_x');

const event = (n: number, type = 'participants.survey.completed.v1'): CloudEvent<{ n: number }> =>
  createEvent({ type, source: '/test', subject: `pg-${n}`, data: { n } });

describe('startConsumer (real RabbitMQ and FerretDB)', () => {
  let admin: AmqpAdmin;
  let broker: EventBroker;
  let mongo: MongoClient;
  let db: Db;
  const running: RunningConsumer[] = [];
  const topologies: ReturnType<typeof consumerTopology>[] = [];

  beforeAll(async () => {
    admin = await AmqpAdmin.connect(amqpUrl);
    broker = await EventBroker.connect({ url: amqpUrl, exchange, logger: memoryLogger(), connectionName: uniqueName('evbus_consumer_conn') });
    mongo = await MongoClient.connect(mongoUrl);
    db = mongo.db(uniqueName('evbus_consumer_db'));
  });

  afterEach(async () => {
    for (const consumer of running.splice(0)) await consumer.stop();
  });

  afterAll(async () => {
    await broker.close();
    const queues = topologies.flatMap((t) => [t.queue, t.deadLetterQueue, ...t.retryQueues.map((r) => r.name)]);
    await admin.cleanUp({ queues, exchanges: [exchange, `${exchange}.dlx`] });
    await admin.close();
    await db.dropDatabase();
    await mongo.close();
  });

  /** Starts a consumer on a fresh queue; records which events the handler saw. */
  async function consume(overrides: Partial<ConsumerOptions> = {}) {
    const queue = uniqueName('evbus_consumer_q');
    const retryDelaysMs = overrides.retryDelaysMs ?? [50];
    topologies.push(consumerTopology(exchange, queue, retryDelaysMs));
    const inbox = db.collection<InboxEntry>(`inbox_${queue}`);
    const calls: { id: string; n: number; attempt: number }[] = [];
    const opts: ConsumerOptions = {
      queue,
      bindings: ['participants.#'],
      inbox,
      retryDelaysMs,
      async handle(e, ctx) {
        calls.push({ id: e.id, n: (e.data as { n: number }).n, attempt: ctx.attempt });
      },
      ...overrides,
    };
    const consumer = await startConsumer(broker, opts);
    running.push(consumer);
    return { queue, inbox, calls, consumer, dlq: `${queue}.dlq` };
  }

  it('handles each event, records it in the inbox and acknowledges it', async () => {
    const { queue, inbox, calls, consumer } = await consume();
    const events = [event(1), event(2), event(3)];
    for (const e of events) await broker.publish(e);
    await waitFor('three events handled', () => calls.length === 3);
    await waitFor('three inbox entries', async () => (await inbox.countDocuments()) === 3);
    const entries = await inbox.find().sort({ _id: 1 }).toArray();
    expect(entries.map((e) => e._id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(entries.every((e) => e.type === 'participants.survey.completed.v1' && e.handledAt instanceof Date)).toBe(true);
    expect(calls.every((c) => c.attempt === 1)).toBe(true);
    // Unacknowledged messages would return to the queue once the consumer is gone.
    await consumer.stop();
    expect(await admin.messageCount(queue)).toBe(0);
  });

  it('only receives the events its bindings select', async () => {
    const { calls } = await consume({ bindings: ['participants.survey.#'] });
    await broker.publish(event(1, 'participants.participant.consented.v1'));
    await broker.publish(event(2, 'participants.survey.completed.v1'));
    await waitFor('the bound event handled', () => calls.length === 1);
    await sleep(200);
    expect(calls.map((c) => c.n)).toEqual([2]);
  });

  it('acknowledges an event of a type it does not handle without handling it or an inbox entry', async () => {
    const { queue, inbox, calls, consumer } = await consume({ handles: (type) => type === 'participants.survey.completed.v1' });
    const ignored = event(1, 'participants.participant.consented.v1');
    await broker.publish(ignored);
    await broker.publish(event(2));
    await waitFor('the handled type handled', () => calls.length === 1);
    await waitFor('both consumed', async () => (await admin.messageCount(queue)) === 0);
    await consumer.stop();
    expect(calls.map((c) => c.n)).toEqual([2]);
    expect(await inbox.countDocuments({ _id: ignored.id })).toBe(0);
    expect(await admin.messageCount(queue)).toBe(0);
  });

  it('handles an event id once although it is published several times', async () => {
    const { queue, inbox, calls, consumer } = await consume();
    const e = event(7);
    // Side by side (both in flight at once) and again after it was handled.
    await Promise.all([broker.publish(e), broker.publish(e), broker.publish(e)]);
    await waitFor('the event handled', () => calls.length >= 1);
    await waitFor('every copy consumed', async () => (await admin.messageCount(queue)) === 0);
    await broker.publish(e);
    await broker.publish(event(8));
    await waitFor('the next event handled', () => calls.some((c) => c.n === 8));
    await consumer.stop();
    expect(calls.filter((c) => c.id === e.id)).toHaveLength(1);
    expect(await inbox.countDocuments({ _id: e.id })).toBe(1);
    expect(await admin.messageCount(queue)).toBe(0);
  });

  it('sends a message that is not a valid CloudEvent straight to the dead-letter queue', async () => {
    const { dlq, calls } = await consume();
    admin.publishRaw(exchange, 'participants.survey.completed.v1', Buffer.from('not json at all'));
    admin.publishRaw(exchange, 'participants.survey.completed.v1', Buffer.from(JSON.stringify({ ...event(1), specversion: '0.3' })));
    await broker.publish(event(2));
    await waitFor('two messages on the DLQ', async () => (await admin.messageCount(dlq)) === 2);
    const parked = await admin.drain(dlq);
    expect(parked.map((m) => m.content.toString('utf8').slice(0, 15))).toContain('not json at all');
    for (const m of parked) {
      expect(String(m.properties.headers?.['x-last-error'])).toMatch(/^invalid CloudEvent/);
      expect(m.properties.headers?.['x-original-routing-key']).toBe('participants.survey.completed.v1');
    }
    await waitFor('the valid event handled', () => calls.length === 1);
    expect(calls.map((c) => c.n)).toEqual([2]);
  });

  it('retries a failing handler with back-off and counts the attempts', async () => {
    const failures = new Map<string, number>();
    const { inbox, calls, dlq } = await consume({
      maxAttempts: 4,
      retryDelaysMs: [30, 60],
      async handle(e, ctx) {
        calls.push({ id: e.id, n: (e.data as { n: number }).n, attempt: ctx.attempt });
        if (ctx.attempt < 3) {
          failures.set(e.id, (failures.get(e.id) ?? 0) + 1);
          throw new Error('database briefly unavailable');
        }
      },
    });
    const e = event(1);
    await broker.publish(e);
    await waitFor('the event recorded in the inbox', async () => (await inbox.countDocuments({ _id: e.id })) === 1);
    expect(calls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(await admin.messageCount(dlq)).toBe(0);
  });

  it('parks an event whose handler always fails on <queue>.dlq after maxAttempts, while later events keep flowing', async () => {
    const poison = event(0);
    const good = [1, 2, 3, 4, 5].map((n) => event(n));
    const handledGood = new Set<string>();
    let goodHandledBeforeLastAttempt = -1;
    const attempts: number[] = [];
    const { dlq, inbox, queue, consumer } = await consume({
      maxAttempts: 3,
      retryDelaysMs: [300, 300],
      // One message at a time: a failing message that held its slot would stop everything behind it.
      prefetch: 1,
      async handle(e, ctx) {
        if (e.id === poison.id) {
          attempts.push(ctx.attempt);
          if (ctx.attempt === 3) goodHandledBeforeLastAttempt = handledGood.size;
          throw new Error(`cannot handle ${e.id}`);
        }
        handledGood.add(e.id);
      },
    });
    await broker.publish(poison);
    for (const e of good) await broker.publish(e);
    await waitFor('the poison message on the DLQ', async () => (await admin.messageCount(dlq)) === 1, 20_000);
    expect(attempts).toEqual([1, 2, 3]);
    expect(goodHandledBeforeLastAttempt).toBe(good.length);
    expect(await inbox.countDocuments({ _id: poison.id })).toBe(0);
    const [parked] = await admin.drain(dlq);
    expect(parked!.properties.messageId).toBe(poison.id);
    expect(parked!.properties.headers?.[ATTEMPT_HEADER]).toBe(3);
    expect(String(parked!.properties.headers?.['x-last-error'])).toContain(`cannot handle ${poison.id}`);
    expect(JSON.parse(parked!.content.toString('utf8'))).toEqual(poison);
    // After two trips through the retry queues it still names where it was first published.
    expect(parked!.properties.headers?.[ORIGINAL_ROUTING_KEY_HEADER]).toBe(poison.type);
    expect(parked!.properties.headers?.[ORIGINAL_EXCHANGE_HEADER]).toBe(exchange);
    // Events after the failed one keep flowing.
    const later = event(6);
    await broker.publish(later);
    await waitFor('a later event handled', () => handledGood.has(later.id));
    await consumer.stop();
    expect(await admin.messageCount(queue)).toBe(0);
  });

  it('tells its observer each outcome with its time, each retry and each dead letter', async () => {
    const seen: string[] = [];
    const times: number[] = [];
    const { dlq } = await consume({
      maxAttempts: 2,
      retryDelaysMs: [30],
      async handle(e) {
        if ((e.data as { n: number }).n === 0) throw new Error('always fails');
        await sleep(20);
      },
      observer: {
        handled: (type, outcome, seconds) => {
          seen.push(`${outcome} ${type}`);
          times.push(seconds);
        },
        retried: (type) => seen.push(`retried ${type}`),
        deadLettered: (type) => seen.push(`dead-lettered ${type}`),
      },
    });
    const good = event(1);
    await broker.publish(good);
    await waitFor('the event handled', () => seen.length === 1);
    await broker.publish(good);
    await waitFor('the copy seen in the inbox', () => seen.length === 2);
    await broker.publish(event(0, 'participants.survey.reset.v1'));
    await waitFor('the failing event parked', async () => (await admin.messageCount(dlq)) === 1);
    admin.publishRaw(exchange, 'participants.survey.completed.v1', Buffer.from('not json at all'));
    await waitFor('the invalid message parked', async () => (await admin.messageCount(dlq)) === 2);
    expect(seen).toEqual([
      'handled participants.survey.completed.v1',
      'duplicate participants.survey.completed.v1',
      'failed participants.survey.reset.v1',
      'retried participants.survey.reset.v1',
      'failed participants.survey.reset.v1',
      'dead-lettered participants.survey.reset.v1',
      'dead-lettered invalid',
    ]);
    // The handling's own time: the handler's 20 ms and the inbox's reads and write.
    expect(times[0]).toBeGreaterThanOrEqual(0.02);
    expect(times[0]).toBeLessThan(10);
  });

  it('lets in-flight handling finish and be acknowledged when stopped', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const { queue, inbox, consumer } = await consume({
      async handle() {
        started = true;
        await gate;
      },
    });
    const e = event(1);
    await broker.publish(e);
    await waitFor('the handler to start', () => started);
    const stopping = consumer.stop();
    release();
    await stopping;
    expect(await inbox.countDocuments({ _id: e.id })).toBe(1);
    expect(await admin.messageCount(queue)).toBe(0);
  });

  it('refuses to start on a queue declared with other arguments', async () => {
    const queue = uniqueName('evbus_consumer_conflict');
    topologies.push(consumerTopology(exchange, queue, [50]));
    await admin.onFreshChannel((ch) => ch.assertQueue(queue, { durable: true }));
    await expect(
      startConsumer(broker, { queue, bindings: ['participants.#'], inbox: db.collection<InboxEntry>('inbox_conflict'), retryDelaysMs: [50], handle: async () => undefined }),
    ).rejects.toThrow(/PRECONDITION_FAILED/);
  });
});
