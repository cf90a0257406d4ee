import { connect } from 'amqplib';
import { MongoClient, type Db } from 'mongodb';
import { testEnv, uniqueName } from '@study/test-infra';
import { EventBroker } from './broker';
import { createEvent, type CloudEvent } from './cloud-event';
import { ATTEMPT_HEADER, startConsumer, type InboxEntry, type RunningConsumer } from './consumer';
import { HELD_EXPIRATION_HEADER, migrateQueues, migratingQueueName, migrationLockName } from './queue-migration';
import { consumerTopology, queueDeclarations, type ConsumerTopology } from './topology';
import { AmqpAdmin, memoryLogger, sleep, waitFor, type LogEntry } from './test-support/support';

jest.setTimeout(120_000);

const { amqpUrl, mongoUrl } = testEnv();
const exchange = uniqueName('evbus_migration_x');
const BINDINGS = ['participants.#'];
const RETRY_DELAYS_MS = [200, 400];

const event = (n: number): CloudEvent<{ n: number }> => createEvent({ type: 'participants.survey.completed.v1', source: '/test', subject: `pg-${n}`, data: { n } });
const body = (e: CloudEvent) => Buffer.from(JSON.stringify(e));

describe('migrating classic queues to quorum queues (real RabbitMQ and FerretDB)', () => {
  let admin: AmqpAdmin;
  let mongo: MongoClient;
  let db: Db;
  const brokers: EventBroker[] = [];
  const running: RunningConsumer[] = [];
  const topologies: ConsumerTopology[] = [];

  beforeAll(async () => {
    admin = await AmqpAdmin.connect(amqpUrl);
    mongo = await MongoClient.connect(mongoUrl);
    db = mongo.db(uniqueName('evbus_migration_db'));
  });

  afterEach(async () => {
    for (const consumer of running.splice(0)) await consumer.stop();
    for (const broker of brokers.splice(0)) await broker.close();
  });

  afterAll(async () => {
    const queues = topologies.flatMap((t) => {
      const names = [t.queue, t.deadLetterQueue, ...t.retryQueues.map((r) => r.name)];
      return [...names, ...names.map(migratingQueueName)];
    });
    await admin.cleanUp({ queues, exchanges: [exchange, `${exchange}.dlx`] });
    await admin.close();
    await db.dropDatabase();
    await mongo.close();
  });

  function newTopology(): ConsumerTopology {
    const topology = consumerTopology(exchange, uniqueName('evbus_migration_q'), RETRY_DELAYS_MS);
    topologies.push(topology);
    return topology;
  }

  /** The queues exactly as the earlier, classic version of the consumer declared them. */
  async function declareClassic(t: ConsumerTopology): Promise<void> {
    await admin.onFreshChannel(async (channel) => {
      await channel.assertExchange(t.exchange, 'topic', { durable: true });
      await channel.assertExchange(t.deadLetterExchange, 'direct', { durable: true });
      await channel.assertQueue(t.deadLetterQueue, { durable: true });
      await channel.bindQueue(t.deadLetterQueue, t.deadLetterExchange, t.queue);
      for (const retry of t.retryQueues) await channel.assertQueue(retry.name, { durable: true, deadLetterExchange: '', deadLetterRoutingKey: t.queue });
      await channel.assertQueue(t.queue, { durable: true, deadLetterExchange: t.deadLetterExchange, deadLetterRoutingKey: t.queue });
      for (const pattern of BINDINGS) await channel.bindQueue(t.queue, t.exchange, pattern);
    });
  }

  /** One instance of the service: its own connection, the shared inbox; records every delivery it handles. */
  async function startInstance(t: ConsumerTopology, name: string, handled: { id: string; attempt: number; by: string }[]) {
    const logger = memoryLogger();
    const broker = await EventBroker.connect({ url: amqpUrl, exchange, logger, connectionName: uniqueName(`evbus_migration_${name}`) });
    brokers.push(broker);
    const consumer = await startConsumer(broker, {
      queue: t.queue,
      bindings: BINDINGS,
      inbox: db.collection<InboxEntry>(`inbox_${t.queue}`),
      retryDelaysMs: RETRY_DELAYS_MS,
      async handle(e, ctx) {
        handled.push({ id: e.id, attempt: ctx.attempt, by: name });
      },
    });
    running.push(consumer);
    return { broker, logger };
  }

  /**
   * An instance of the earlier version still consuming the queue (and holding its message
   * unacknowledged): a start that must migrate refuses to delete the queue under it.
   */
  async function expectMigrationRefusedWhileEarlierConsumes(t: ConsumerTopology): Promise<void> {
    const earlier = await connect(amqpUrl);
    const earlierChannel = await earlier.createChannel();
    await earlierChannel.consume(t.queue, () => undefined, { noAck: false });
    const connection = await connect(amqpUrl);
    try {
      const migration = migrateQueues(connection, queueDeclarations(t, BINDINGS), { logger: memoryLogger(), queue: t.queue, mustMigrate: true, waitMs: 1_000 });
      await expect(migration).rejects.toThrow(/still has 1 consumer/);
    } finally {
      await connection.close();
      await earlier.close();
    }
  }

  async function expectAllQuorum(t: ConsumerTopology): Promise<void> {
    for (const declaration of queueDeclarations(t, BINDINGS)) {
      expect(await admin.isQuorumQueue(declaration.name, declaration.options)).toBe(true);
      expect(await admin.queueExists(migratingQueueName(declaration.name))).toBe(false);
    }
    expect(await admin.queueExists(migrationLockName(t.queue))).toBe(false);
  }

  const migrationLogs = (entries: LogEntry[]) => entries.filter((e) => e.level === 'info' && /^migrated .* to a quorum queue/.test(e.msg ?? ''));

  it('moves every message of the classic queues into quorum queues; each event is handled once', async () => {
    const t = newTopology();
    await declareClassic(t);
    const N = 40;
    const waiting = Array.from({ length: N }, (_, i) => event(i));
    await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', waiting.map(body), { type: 'participants.survey.completed.v1' });
    // One waiting out its back-off (the migration must not lose it), one parked.
    const retrying = event(1000);
    await admin.publishConfirmed('', t.retryQueues[1]!.name, [body(retrying)], { expiration: '5000', headers: { [ATTEMPT_HEADER]: 2 } });
    const parked = event(2000);
    await admin.publishConfirmed(t.deadLetterExchange, t.queue, [body(parked)], { headers: { [ATTEMPT_HEADER]: 5, 'x-last-error': 'boom' } });
    await waitFor('the classic queue to hold them', async () => (await admin.messageCount(t.queue)) === N);

    const handled: { id: string; attempt: number; by: string }[] = [];
    const { logger } = await startInstance(t, 'a', handled);
    await waitFor('every waiting event handled', () => waiting.every((e) => handled.some((h) => h.id === e.id)));
    await expectAllQuorum(t);
    // The retried one comes back once its delay is over (restarted if it was moved), with its attempt.
    await waitFor('the retried event handled', () => handled.some((h) => h.id === retrying.id), 20_000);
    expect(handled.find((h) => h.id === retrying.id)?.attempt).toBe(2);
    expect(handled).toHaveLength(N + 1);
    expect(new Set(handled.map((h) => h.id)).size).toBe(N + 1);
    const [dead] = await admin.drain(t.deadLetterQueue);
    expect(JSON.parse(dead!.content.toString()).id).toBe(parked.id);
    expect(dead!.properties.headers).toMatchObject({ [ATTEMPT_HEADER]: 5, 'x-last-error': 'boom' });
    const logged = migrationLogs(logger.entries);
    expect(logged.map((e) => e.obj)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ queue: t.queue, messages: N }),
        expect.objectContaining({ queue: t.deadLetterQueue, messages: 1 }),
        expect.objectContaining({ queue: t.retryQueues[1]!.name, messages: 1 }),
      ]),
    );
  });

  it('loses nothing published while the migration runs', async () => {
    const t = newTopology();
    await declareClassic(t);
    const before = Array.from({ length: 300 }, (_, i) => event(i));
    await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', before.map(body));
    const handled: { id: string; attempt: number; by: string }[] = [];
    const during: CloudEvent[] = [];
    let publishing = true;
    const publisher = (async () => {
      for (let i = 0; publishing; i += 1) {
        const e = event(10_000 + i);
        await admin.publishConfirmed(exchange, e.type, [body(e)]);
        during.push(e);
        await sleep(2);
      }
    })();
    await startInstance(t, 'a', handled);
    publishing = false;
    await publisher;
    expect(during.length).toBeGreaterThan(0);
    const ids = new Set([...before, ...during].map((e) => e.id));
    await waitFor('every event handled', () => [...ids].every((id) => handled.some((h) => h.id === id)));
    await expectAllQuorum(t);
    // Published while both the classic queue and its stand-in were bound: delivered twice, handled once.
    expect(handled.filter((h) => ids.has(h.id))).toHaveLength(ids.size);
  });

  it('lets one of two instances starting at once migrate; every event is delivered once', async () => {
    const t = newTopology();
    await declareClassic(t);
    const N = 200;
    const waiting = Array.from({ length: N }, (_, i) => event(i));
    await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', waiting.map(body));
    const handled: { id: string; attempt: number; by: string }[] = [];
    const [a, b] = await Promise.all([startInstance(t, 'a', handled), startInstance(t, 'b', handled)]);
    await waitFor('every event handled', () => waiting.every((e) => handled.some((h) => h.id === e.id)));
    await sleep(300);
    expect(handled).toHaveLength(N);
    // No copy was delivered (an inbox hit would be logged as already handled).
    const duplicates = [...a.logger.entries, ...b.logger.entries].filter((e) => /already handled/.test(e.msg ?? ''));
    expect(duplicates).toEqual([]);
    const migratedQueue = [...migrationLogs(a.logger.entries), ...migrationLogs(b.logger.entries)].filter((e) => (e.obj as { queue?: string }).queue === t.queue);
    expect(migratedQueue.map((e) => e.obj)).toEqual([expect.objectContaining({ messages: N })]);
    await expectAllQuorum(t);
  });

  it('finishes a migration that was interrupted after the quorum queue was declared', async () => {
    const t = newTopology();
    const [, , dlq, queue] = queueDeclarations(t, BINDINGS);
    // As a crash after step 4 leaves it: the quorum queues exist, the stand-in still holds messages.
    await admin.onFreshChannel(async (channel) => {
      await channel.assertExchange(t.exchange, 'topic', { durable: true });
      await channel.assertExchange(t.deadLetterExchange, 'direct', { durable: true });
      await channel.assertQueue(dlq!.name, dlq!.options);
      await channel.assertQueue(queue!.name, queue!.options);
      await channel.assertQueue(migratingQueueName(t.queue), queue!.classicOptions);
    });
    const left = Array.from({ length: 10 }, (_, i) => event(i));
    await admin.publishConfirmed('', migratingQueueName(t.queue), left.map(body));
    const handled: { id: string; attempt: number; by: string }[] = [];
    const { logger } = await startInstance(t, 'a', handled);
    await waitFor('every left-over event handled', () => left.every((e) => handled.some((h) => h.id === e.id)));
    expect(handled).toHaveLength(left.length);
    await expectAllQuorum(t);
    expect(logger.entries.some((e) => (e.obj as { queue?: string; movedBack?: number }).queue === t.queue && (e.obj as { movedBack?: number }).movedBack === 10)).toBe(true);
  });

  it('finishes a migration that was interrupted while it was moving messages out of the classic queue', async () => {
    const t = newTopology();
    await declareClassic(t);
    const queue = queueDeclarations(t, BINDINGS)[3]!;
    // As a crash in step 2 leaves it: the stand-in bound in the classic queue's place, messages on both.
    await admin.onFreshChannel(async (channel) => {
      await channel.assertQueue(migratingQueueName(t.queue), queue.classicOptions);
      for (const pattern of BINDINGS) await channel.bindQueue(migratingQueueName(t.queue), exchange, pattern);
      for (const pattern of BINDINGS) await channel.unbindQueue(t.queue, exchange, pattern);
    });
    const moved = Array.from({ length: 5 }, (_, i) => event(i));
    const notYet = Array.from({ length: 5 }, (_, i) => event(100 + i));
    await admin.publishConfirmed('', migratingQueueName(t.queue), moved.map(body));
    await admin.publishConfirmed('', t.queue, notYet.map(body));
    const handled: { id: string; attempt: number; by: string }[] = [];
    await startInstance(t, 'a', handled);
    const all = [...moved, ...notYet];
    await waitFor('every event handled', () => all.every((e) => handled.some((h) => h.id === e.id)));
    expect(handled).toHaveLength(all.length);
    await expectAllQuorum(t);
  });

  it('does not delete a classic queue an instance of the earlier version still consumes; migrates it once that one stopped', async () => {
    const t = newTopology();
    await declareClassic(t);
    const e = event(1);
    await admin.publishConfirmed(exchange, e.type, [body(e)]);
    await expectMigrationRefusedWhileEarlierConsumes(t);
    // The earlier version stopped: the next start migrates, and the message (held by the stand-in) is handled.
    const handled: { id: string; attempt: number; by: string }[] = [];
    await startInstance(t, 'a', handled);
    await waitFor('the event handled', () => handled.some((h) => h.id === e.id));
    await expectAllQuorum(t);
  });

  /** The queues exactly as the previous version declared them: quorum queues without x-delivery-limit. */
  async function declareEarlierQuorum(t: ConsumerTopology): Promise<void> {
    await admin.onFreshChannel(async (channel) => {
      await channel.assertExchange(t.exchange, 'topic', { durable: true });
      await channel.assertExchange(t.deadLetterExchange, 'direct', { durable: true });
      for (const declaration of queueDeclarations(t, BINDINGS)) {
        await channel.assertQueue(declaration.name, declaration.earlierQuorumOptions);
        for (const { exchange: x, routingKey } of declaration.bindings) await channel.bindQueue(declaration.name, x, routingKey);
      }
    });
  }

  async function expectAllWithDeliveryLimit(t: ConsumerTopology): Promise<void> {
    for (const declaration of queueDeclarations(t, BINDINGS)) {
      // Redeclared with exactly the current arguments (x-delivery-limit included), no longer with the earlier ones.
      expect(await admin.declaresAs(declaration.name, declaration.options)).toBe(true);
      expect(await admin.declaresAs(declaration.name, declaration.earlierQuorumOptions)).toBe(false);
      expect(await admin.queueExists(migratingQueueName(declaration.name))).toBe(false);
    }
    expect(await admin.queueExists(migrationLockName(t.queue))).toBe(false);
  }

  describe('quorum queues declared without a delivery limit', () => {
    it('are replaced by ones with it, keeping every message: waiting, retrying (expiring during the move), parked and published meanwhile', async () => {
      const t = newTopology();
      await declareEarlierQuorum(t);
      const waiting = Array.from({ length: 100 }, (_, i) => event(i));
      await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', waiting.map(body));
      // Retries whose delays run out before, during and after the migration: each dead-letters by name into the queue being replaced.
      const retrying = Array.from({ length: 40 }, (_, i) => event(1_000 + i));
      for (const [i, e] of retrying.entries()) {
        await admin.publishConfirmed('', t.retryQueues[i % 2]!.name, [body(e)], { expiration: String(20 * i), headers: { [ATTEMPT_HEADER]: 2 } });
      }
      const parked = event(2_000);
      await admin.publishConfirmed(t.deadLetterExchange, t.queue, [body(parked)], { headers: { [ATTEMPT_HEADER]: 5, 'x-last-error': 'boom' } });

      const handled: { id: string; attempt: number; by: string }[] = [];
      const during: CloudEvent[] = [];
      let publishing = true;
      const publisher = (async () => {
        for (let i = 0; publishing; i += 1) {
          const e = event(10_000 + i);
          await admin.publishConfirmed(exchange, e.type, [body(e)]);
          during.push(e);
          await sleep(2);
        }
      })();
      const { logger } = await startInstance(t, 'a', handled);
      publishing = false;
      await publisher;
      expect(during.length).toBeGreaterThan(0);

      const expected = [...waiting, ...retrying, ...during];
      await waitFor('every event handled', () => expected.every((e) => handled.some((h) => h.id === e.id)), 60_000);
      await sleep(500);
      const lost = expected.filter((e) => !handled.some((h) => h.id === e.id));
      const duplicated = handled.length - new Set(handled.map((h) => h.id)).size;
      expect({ lost: lost.length, duplicated }).toEqual({ lost: 0, duplicated: 0 });
      expect(handled).toHaveLength(expected.length);
      expect(handled.filter((h) => retrying.some((e) => e.id === h.id)).every((h) => h.attempt === 2)).toBe(true);
      await expectAllWithDeliveryLimit(t);
      const dead = await admin.drain(t.deadLetterQueue);
      expect(dead.map((m) => JSON.parse(m.content.toString()).id)).toEqual([parked.id]);
      expect(dead[0]!.properties.headers).toMatchObject({ [ATTEMPT_HEADER]: 5, 'x-last-error': 'boom' });
      expect(logger.entries.filter((e) => e.level === 'error')).toEqual([]);
      const logged = migrationLogs(logger.entries).map((e) => e.obj as { queue: string });
      expect(logged.map((o) => o.queue).sort()).toEqual(queueDeclarations(t, BINDINGS).map((d) => d.name).sort());
    });

    it('finish a replacement that was interrupted after the queues were emptied into their stand-ins', async () => {
      const t = newTopology();
      await declareEarlierQuorum(t);
      const declarations = queueDeclarations(t, BINDINGS);
      const queue = declarations[declarations.length - 1]!;
      const retry = declarations[1]!;
      // As a crash in step 2 leaves it: the stand-in bound in the queue's place, a retry held on its stand-in without its TTL.
      await admin.onFreshChannel(async (channel) => {
        await channel.assertQueue(migratingQueueName(t.queue), queue.classicOptions);
        for (const pattern of BINDINGS) await channel.bindQueue(migratingQueueName(t.queue), exchange, pattern);
        for (const pattern of BINDINGS) await channel.unbindQueue(t.queue, exchange, pattern);
        await channel.assertQueue(migratingQueueName(retry.name), retry.classicOptions);
      });
      const moved = Array.from({ length: 5 }, (_, i) => event(i));
      const notYet = Array.from({ length: 5 }, (_, i) => event(100 + i));
      const held = event(1_000);
      await admin.publishConfirmed('', migratingQueueName(t.queue), moved.map(body));
      await admin.publishConfirmed('', t.queue, notYet.map(body));
      await admin.publishConfirmed('', migratingQueueName(retry.name), [body(held)], { headers: { [ATTEMPT_HEADER]: 3, [HELD_EXPIRATION_HEADER]: '300' } });
      const handled: { id: string; attempt: number; by: string }[] = [];
      await startInstance(t, 'a', handled);
      const all = [...moved, ...notYet, held];
      await waitFor('every event handled', () => all.every((e) => handled.some((h) => h.id === e.id)));
      await sleep(300);
      expect(handled).toHaveLength(all.length);
      expect(handled.find((h) => h.id === held.id)?.attempt).toBe(3);
      await expectAllWithDeliveryLimit(t);
    });

    it('are not deleted while an instance of the earlier version consumes the queue; replaced once it stopped', async () => {
      const t = newTopology();
      await declareEarlierQuorum(t);
      const e = event(1);
      await admin.publishConfirmed(exchange, e.type, [body(e)]);
      await expectMigrationRefusedWhileEarlierConsumes(t);
      expect(await admin.declaresAs(t.queue, queueDeclarations(t, BINDINGS)[3]!.earlierQuorumOptions)).toBe(true);
      const handled: { id: string; attempt: number; by: string }[] = [];
      await startInstance(t, 'a', handled);
      await waitFor('the event handled', () => handled.some((h) => h.id === e.id));
      await sleep(300);
      expect(handled).toHaveLength(1);
      await expectAllWithDeliveryLimit(t);
    });
  });
});
