import { randomUUID } from 'node:crypto';
import { MongoClient, type Collection, type Db } from 'mongodb';
import { createClient } from 'redis';
import { createRedisKeyedLock, type KeyedLock } from '@study/keyed-lock';
import { TcpProxy, testEnv, uniqueName } from '@study/test-infra';
import { EventBroker } from './broker';
import { createEvent, type CloudEvent } from './cloud-event';
import { startConsumer, type InboxEntry, type RunningConsumer } from './consumer';
import { OutboxRelay } from './outbox-relay';
import { outboxEvents, outboxLockKey, withOutbox, type OutboxEntry } from './outbox';
import { consumerTopology } from './topology';
import { AmqpAdmin, memoryLogger, sleep, waitFor } from './test-support/support';

// Reconnects and retries take a few seconds; waitFor() fails with a clear message well before this.
jest.setTimeout(90_000);

const { amqpUrl, mongoUrl, redisUrl } = testEnv();
const exchange = uniqueName('evbus_relay_x');

interface ParticipantDoc {
  _id: string;
  answers?: { q: number; a: number }[];
  writes?: number;
  status?: string;
  /** Coded entries; documents as an earlier release stored them. */
  outbox?: Array<OutboxEntry | CloudEvent>;
  outboxPending?: true;
}

const surveyCompleted = (pgId: string, seq: number) =>
  createEvent({ type: 'participants.survey.completed.v1', source: '/svc-participants', subject: pgId, data: { seq, answers: [{ q: 1, a: 2 }] } });

describe('OutboxRelay with consumers (real FerretDB, RabbitMQ and Redis)', () => {
  let admin: AmqpAdmin;
  let proxy: TcpProxy;
  let mongo: MongoClient;
  let db: Db;
  let redis: ReturnType<typeof createClient>;
  let lock: KeyedLock;
  const queues: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    admin = await AmqpAdmin.connect(amqpUrl);
    const target = new URL(amqpUrl);
    proxy = await TcpProxy.start(target.hostname, Number(target.port) || 5672);
    mongo = await MongoClient.connect(mongoUrl);
    db = mongo.db(uniqueName('evbus_relay_db'));
    redis = createClient({ url: redisUrl });
    await redis.connect();
    lock = createRedisKeyedLock(redis, { prefix: `${uniqueName('evbus_relay_lock')}:` });
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    proxy.acceptAgain();
    proxy.resumeDownstream();
  });

  afterAll(async () => {
    await proxy.close();
    await admin.cleanUp({ queues, exchanges: [exchange, `${exchange}.dlx`] });
    await admin.close();
    await db.dropDatabase();
    await mongo.close();
    await redis.close();
  });

  async function connectBroker(url: string, name: string): Promise<EventBroker> {
    const broker = await EventBroker.connect({
      url,
      exchange,
      logger: memoryLogger(),
      connectionName: uniqueName(name),
      publishTimeoutMs: 3_000,
      reconnect: { initialDelayMs: 20, maxDelayMs: 300 },
    });
    cleanups.push(() => broker.close());
    return broker;
  }

  function relayFor(collection: Collection<ParticipantDoc>, broker: EventBroker, sweepIntervalMs = 60_000): OutboxRelay {
    const relay = new OutboxRelay({ collections: [collection], broker, lock, logger: memoryLogger(), sweepIntervalMs, retryDelayMs: 200 });
    cleanups.push(() => relay.stop());
    return relay;
  }

  async function rawQueue(): Promise<string> {
    const queue = uniqueName('evbus_relay_raw');
    queues.push(queue);
    await admin.declareQueue(queue, { exchange, pattern: 'participants.#' });
    return queue;
  }

  /** What a service does: change state and add events in one update, under the document's lock. */
  async function write(collection: Collection<ParticipantDoc>, pgId: string, ...events: CloudEvent[]) {
    await lock.run(outboxLockKey(collection.collectionName, pgId), () =>
      collection.updateOne({ _id: pgId }, withOutbox<ParticipantDoc>({ $inc: { writes: 1 } }, ...events), { upsert: true }),
    );
  }

  const pendingCount = async (collection: Collection<ParticipantDoc>) => collection.countDocuments({ 'outbox.0': { $exists: true } });

  it('publishes a document’s events in order, then removes exactly those from its outbox', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const broker = await connectBroker(amqpUrl, 'evbus_relay_order');
    const queue = await rawQueue();
    const events = [1, 2, 3, 4, 5].map((seq) => surveyCompleted('pg-order', seq));
    await write(participants, 'pg-order', ...events.slice(0, 3));
    await write(participants, 'pg-order', ...events.slice(3));
    await participants.updateOne({ _id: 'pg-other' }, { $set: { status: 'untouched' } }, { upsert: true });

    await relayFor(participants, broker).runOnce();

    const received = (await admin.drain(queue)).map((m) => JSON.parse(m.content.toString('utf8')) as CloudEvent<{ seq: number }>);
    expect(received.map((e) => e.data.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(received).toEqual(events);
    const doc = await participants.findOne({ _id: 'pg-order' });
    expect(doc).toEqual({ _id: 'pg-order', writes: 2, outbox: [] });
    expect(await participants.findOne({ _id: 'pg-other' })).toEqual({ _id: 'pg-other', status: 'untouched' });
  });

  it('leaves unconfirmed events in the outbox and publishes them on a later pass', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const broker = await connectBroker(proxy.urlFor(amqpUrl), 'evbus_relay_unconfirmed');
    const queue = await rawQueue();
    const events = [1, 2, 3].map((seq) => surveyCompleted('pg-wait', seq));
    await write(participants, 'pg-wait', ...events);
    const relay = relayFor(participants, broker);

    // The first event reaches the broker but its confirm is lost with the connection.
    proxy.pauseDownstream();
    const pass = relay.runOnce();
    await waitFor('the first event to be queued', async () => (await admin.messageCount(queue)) === 1);
    proxy.refuse();
    proxy.dropAll();
    await pass;
    const afterFailure = await participants.findOne({ _id: 'pg-wait' });
    expect(outboxEvents(afterFailure?.outbox).map((e) => e.id)).toEqual(events.map((e) => e.id));

    // With the broker unreachable a pass changes nothing.
    await relay.runOnce();
    expect((await participants.findOne({ _id: 'pg-wait' }))?.outbox).toHaveLength(3);

    proxy.resumeDownstream();
    proxy.acceptAgain();
    await waitFor('the broker to reconnect', () => broker.isConnected());
    await relay.runOnce();
    expect((await participants.findOne({ _id: 'pg-wait' }))?.outbox).toEqual([]);
    // At least once: the first event went out twice (consumers dedupe by id); nothing is missing.
    const seqs = (await admin.drain(queue)).map((m) => (JSON.parse(m.content.toString('utf8')) as CloudEvent<{ seq: number }>).data.seq);
    expect(seqs).toEqual([1, 1, 2, 3]);
  });

  it('keeps events added while it relays the same document', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const broker = await connectBroker(proxy.urlFor(amqpUrl), 'evbus_relay_concurrent');
    const queue = await rawQueue();
    const first = surveyCompleted('pg-busy', 1);
    await write(participants, 'pg-busy', first);
    const relay = relayFor(participants, broker);
    proxy.pauseDownstream();
    const pass = relay.runOnce();
    await waitFor('the first event to be queued', async () => (await admin.messageCount(queue)) === 1);
    // A write arriving meanwhile waits for the relay's lock instead of interleaving with it.
    const second = surveyCompleted('pg-busy', 2);
    const writing = write(participants, 'pg-busy', second);
    await sleep(100);
    proxy.resumeDownstream();
    await Promise.all([pass, writing]);
    const doc = await participants.findOne({ _id: 'pg-busy' });
    expect(outboxEvents(doc?.outbox).map((e) => e.id)).toEqual([second.id]);
    expect(doc?.writes).toBe(2);
  });

  it('drops an event that can never be published, logging it in full, and relays the rest', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const broker = await connectBroker(amqpUrl, 'evbus_relay_invalid');
    const queue = await rawQueue();
    const good = surveyCompleted('pg-bad', 2);
    // Written around withOutbox, which would have refused it, as documents (as an earlier release stored events).
    await participants.insertOne({ _id: 'pg-bad', outbox: [{ ...surveyCompleted('pg-bad', 1), type: 'Bad Type' }, good], outboxPending: true });
    const logger = memoryLogger();
    const relay = new OutboxRelay({ collections: [participants], broker, lock, logger });
    await relay.runOnce();
    expect((await participants.findOne({ _id: 'pg-bad' }))?.outbox).toEqual([]);
    expect((await admin.drain(queue)).map((m) => JSON.parse(m.content.toString('utf8')).id)).toEqual([good.id]);
    const logged = logger.entries.find((e) => e.level === 'error');
    expect(logged?.msg).toMatch(/dropping an invalid event/);
    expect(logged?.obj).toMatchObject({ event: { type: 'Bad Type' } });
  });

  it('delivers every event exactly once in effect while connections drop mid-stream', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const effects = db.collection<{ _id: string; eventId: string; subject: string }>(uniqueName('effects'));
    const inbox = db.collection<InboxEntry>(uniqueName('inbox'));
    const queue = uniqueName('svc-e2e');
    const topology = consumerTopology(exchange, queue, [100, 300]);
    queues.push(queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name));

    // Publisher and consumer each have their own connection, both through the proxy.
    const publisher = await connectBroker(proxy.urlFor(amqpUrl), 'evbus_relay_pub');
    const consumerBroker = await connectBroker(proxy.urlFor(amqpUrl), 'evbus_relay_sub');
    const consumer: RunningConsumer = await startConsumer(consumerBroker, {
      queue,
      bindings: ['participants.#'],
      inbox,
      retryDelaysMs: [100, 300],
      // A deliberately non-idempotent effect: a duplicate delivery that got through would show up as a second row.
      async handle(e) {
        await effects.insertOne({ _id: randomUUID(), eventId: e.id, subject: e.subject });
      },
    });
    cleanups.push(() => consumer.stop());
    // Sweeps only every 2 s: the nudges and the reconnects do the work.
    const relay = relayFor(participants, publisher, 2_000);
    relay.start();

    const N = 150;
    const written: string[] = [];
    let drops = 0;
    for (let i = 0; i < N; i += 1) {
      const pgId = `pg-${i % 25}`;
      const e = surveyCompleted(pgId, i);
      await write(participants, pgId, e);
      written.push(e.id);
      relay.nudge(participants, pgId);
      if (i % 40 === 20) {
        // Cut every connection (publisher and consumer) in the middle of the stream.
        proxy.dropAll();
        drops += 1;
      }
      await sleep(3);
    }
    // Once more while the backlog is still being delivered.
    await waitFor('some events handled', async () => (await effects.countDocuments()) > 0);
    proxy.dropAll();
    drops += 1;

    await waitFor('every outbox to be empty', async () => (await pendingCount(participants)) === 0, 60_000);
    await waitFor('every event to be handled', async () => (await inbox.countDocuments()) === N, 60_000);
    await waitFor('the queue to be drained', async () => (await admin.messageCount(queue)) === 0, 60_000);
    await consumer.stop();
    // Anything left unacknowledged returns to the queue when the consumer stops.
    expect(await admin.messageCount(queue)).toBe(0);
    expect(await admin.messageCount(topology.deadLetterQueue)).toBe(0);

    const perEvent = new Map<string, number>();
    for await (const effect of effects.find()) perEvent.set(effect.eventId, (perEvent.get(effect.eventId) ?? 0) + 1);
    expect(drops).toBeGreaterThanOrEqual(4);
    expect([...perEvent.keys()].sort()).toEqual([...written].sort());
    expect([...perEvent.values()].every((count) => count === 1)).toBe(true);
    // The keyed lock kept every write: 150 increments over 25 documents.
    let totalWrites = 0;
    for await (const doc of participants.find()) totalWrites += doc.writes ?? 0;
    expect(totalWrites).toBe(N);
  });

  it('publishes a nudged document at once, reading it by _id, and clears its pending flag', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const broker = await connectBroker(amqpUrl, 'evbus_relay_nudge');
    const queue = await rawQueue();
    const relay = relayFor(participants, broker);
    relay.start();
    const e = surveyCompleted('pg-nudged', 1);
    await write(participants, 'pg-nudged', e);
    expect((await participants.findOne({ _id: 'pg-nudged' }))?.outboxPending).toBe(true);
    relay.nudge(participants, 'pg-nudged');
    await waitFor('the nudged event on the queue', async () => (await admin.messageCount(queue)) === 1);
    await waitFor('the outbox emptied', async () => ((await participants.findOne({ _id: 'pg-nudged' }))?.outbox ?? [1]).length === 0);
    expect(await participants.findOne({ _id: 'pg-nudged' })).toEqual({ _id: 'pg-nudged', writes: 1, outbox: [] });
  });

  it('still publishes a document whose nudge was lost, on the next safety sweep', async () => {
    const participants = db.collection<ParticipantDoc>(uniqueName('participants'));
    const broker = await connectBroker(amqpUrl, 'evbus_relay_sweep');
    const queue = await rawQueue();
    const relay = relayFor(participants, broker, 500);
    relay.start();
    await sleep(100);
    const e = surveyCompleted('pg-lost', 1);
    // Written as a crashed process would leave it: stored, never nudged.
    await write(participants, 'pg-lost', e);
    await waitFor('the event published by the sweep', async () => (await admin.messageCount(queue)) === 1);
    await waitFor('the pending flag cleared', async () => (await participants.findOne({ _id: 'pg-lost' }))?.outboxPending === undefined);
    expect((await admin.drain(queue)).map((m) => JSON.parse(m.content.toString('utf8')).id)).toEqual([e.id]);
  });

  it('makes no database query between sweeps when idle, and its sweep is answered from an index', async () => {
    const watched = await MongoClient.connect(mongoUrl, { monitorCommands: true });
    cleanups.push(() => watched.close());
    const name = uniqueName('participants');
    const participants = watched.db(db.databaseName).collection<ParticipantDoc>(name);
    // Enough data (documents of a realistic size) that a database would rather read an index than the table.
    const answers = Array.from({ length: 40 }, (_, q) => ({ q, a: q % 5 }));
    await participants.insertMany(Array.from({ length: 1000 }, (_, i) => ({ _id: `pg-idle-${i}`, status: 'done', answers })));
    const commands: string[] = [];
    watched.on('commandStarted', (c) => {
      const target = (c.command as Record<string, unknown>)[c.commandName];
      if (target === name) commands.push(c.commandName);
    });
    const broker = await connectBroker(amqpUrl, 'evbus_relay_idle');
    const relay = relayFor(participants, broker, 60_000);
    relay.start();
    await waitFor('the first sweep', () => commands.includes('find'));
    await sleep(200);
    const afterFirstSweep = commands.length;
    await sleep(2_000);
    expect(commands.slice(afterFirstSweep)).toEqual([]);

    const plan = JSON.stringify(await db.command({ explain: { find: name, filter: { outboxPending: true } }, verbosity: 'queryPlanner' }));
    // MongoDB: IXSCAN on outboxPending_1; FerretDB on PostgreSQL: an index scan, not a sequential one.
    expect(plan).toMatch(/IXSCAN|Index Scan/);
    expect(plan).not.toMatch(/COLLSCAN|Seq Scan/);
  });
});
