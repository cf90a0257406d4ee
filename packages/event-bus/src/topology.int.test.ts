import { connect, type ChannelModel } from 'amqplib';
import { testEnv, uniqueName } from '@study/test-infra';
import { assertConsumerTopology, consumerTopology, DELIVERY_LIMIT, queueDeclarations, type ConsumerTopology } from './topology';
import { AmqpAdmin, memoryLogger, waitFor } from './test-support/support';

const { amqpUrl } = testEnv();

describe('assertConsumerTopology (real RabbitMQ)', () => {
  let admin: AmqpAdmin;
  let connection: ChannelModel;
  const exchange = uniqueName('evbus_topology_x');
  const topologies: ConsumerTopology[] = [];

  beforeAll(async () => {
    admin = await AmqpAdmin.connect(amqpUrl);
    connection = await connect(amqpUrl);
    connection.on('error', () => undefined);
  });

  afterAll(async () => {
    await connection.close().catch(() => undefined);
    const queues = topologies.flatMap((t) => [t.queue, t.deadLetterQueue, ...t.retryQueues.map((r) => r.name)]);
    await admin.cleanUp({ queues, exchanges: [exchange, `${exchange}.dlx`] });
    await admin.close();
  });

  async function declared(bindings = ['participants.#']) {
    const topology = consumerTopology(exchange, uniqueName('evbus_topology_q'), [100, 200]);
    topologies.push(topology);
    await assertConsumerTopology(connection, topology, bindings, memoryLogger());
    return { topology, declarations: queueDeclarations(topology, bindings) };
  }

  it('declares the queue, its retry queues and its dead-letter queue as quorum queues, idempotently', async () => {
    const { topology, declarations } = await declared();
    expect(declarations.map((d) => d.name).sort()).toEqual([topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)].sort());
    for (const declaration of declarations) {
      expect(declaration.options.arguments?.['x-queue-type']).toBe('quorum');
      expect(await admin.isQuorumQueue(declaration.name, declaration.options)).toBe(true);
    }
    // A second start declares the same again.
    await assertConsumerTopology(connection, topology, ['participants.#'], memoryLogger());
    for (const declaration of declarations) expect(await admin.isQuorumQueue(declaration.name, declaration.options)).toBe(true);
  });

  it('tells a classic queue apart (the check used above can fail)', async () => {
    const name = uniqueName('evbus_topology_classic');
    topologies.push(consumerTopology(exchange, name, []));
    await admin.onFreshChannel((channel) => channel.assertQueue(name, { durable: true }));
    expect(await admin.isQuorumQueue(name, { durable: true })).toBe(false);
  });

  it('routes bound events to the queue and nothing else', async () => {
    const { topology } = await declared(['participants.survey.#']);
    await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', [Buffer.from('a')]);
    await admin.publishConfirmed(exchange, 'participants.participant.consented.v1', [Buffer.from('b')]);
    await waitFor('the bound event on the queue', async () => (await admin.messageCount(topology.queue)) === 1);
    expect((await admin.drain(topology.queue)).map((m) => m.content.toString())).toEqual(['a']);
  });

  it('brings a message back from a retry queue when its per-message TTL expires, headers kept', async () => {
    const { topology } = await declared();
    const retry = topology.retryQueues[0]!.name;
    await admin.publishConfirmed('', retry, [Buffer.from('later')], {
      expiration: '100',
      headers: { 'x-attempt': 2, 'x-original-exchange': exchange, 'x-original-routing-key': 'participants.survey.completed.v1' },
    });
    await waitFor('the message back on the queue', async () => (await admin.messageCount(topology.queue)) === 1, 10_000);
    const [msg] = await admin.drain(topology.queue);
    expect(msg!.content.toString()).toBe('later');
    expect(msg!.properties.headers).toMatchObject({ 'x-attempt': 2, 'x-original-exchange': exchange, 'x-original-routing-key': 'participants.survey.completed.v1' });
    expect(await admin.messageCount(retry)).toBe(0);
  });

  it('dead-letters a message the consumer rejects onto <queue>.dlq (the broker-side fallback)', async () => {
    const { topology } = await declared();
    await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', [Buffer.from('rejected')]);
    await waitFor('the message on the queue', async () => (await admin.messageCount(topology.queue)) === 1);
    await admin.onFreshChannel(async (channel) => {
      const msg = await channel.get(topology.queue, { noAck: false });
      if (!msg) throw new Error('no message');
      channel.nack(msg, false, false);
    });
    await waitFor('the message on the DLQ', async () => (await admin.messageCount(topology.deadLetterQueue)) === 1, 10_000);
    const [parked] = await admin.drain(topology.deadLetterQueue);
    expect(parked!.content.toString()).toBe('rejected');
    expect(parked!.properties.headers?.['x-first-death-reason']).toBe('rejected');
    expect(parked!.properties.headers?.['x-first-death-exchange']).toBe(exchange);
  });

  it('dead-letters a message handed out more often than the delivery limit onto <queue>.dlq instead of dropping it', async () => {
    const { topology } = await declared();
    await admin.publishConfirmed(exchange, 'participants.survey.completed.v1', [Buffer.from('poison')]);
    await waitFor('the message on the queue', async () => (await admin.messageCount(topology.queue)) === 1);
    // Returned unsettled every time (reject with requeue: counted by every RabbitMQ version, like a dropped connection).
    const handedOut = await admin.onFreshChannel(async (channel) => {
      let n = 0;
      for (;;) {
        const msg = await channel.get(topology.queue, { noAck: false });
        if (!msg) return n;
        n += 1;
        if (n > DELIVERY_LIMIT + 5) throw new Error(`still handed out after ${n} deliveries`);
        channel.reject(msg, true);
      }
    });
    expect(handedOut).toBe(DELIVERY_LIMIT + 1);
    await waitFor('the message on the DLQ', async () => (await admin.messageCount(topology.deadLetterQueue)) === 1, 10_000);
    const [parked] = await admin.drain(topology.deadLetterQueue);
    expect(parked!.content.toString()).toBe('poison');
    expect(parked!.properties.headers?.['x-first-death-reason']).toBe('delivery_limit');
  });
});
