import { TcpProxy, testEnv, uniqueName } from '@study/test-infra';
import { BrokerUnavailableError, EventBroker, PublishNotConfirmedError } from './broker';
import { createEvent, InvalidCloudEventError, type CloudEvent } from './cloud-event';
import { AmqpAdmin, canUseRabbitmqctl, closeConnectionNamed, memoryLogger, sleep, waitFor } from './test-support/support';

// Reconnects and retries take a few seconds; waitFor() fails with a clear message well before this.
jest.setTimeout(90_000);

const { amqpUrl } = testEnv();
const exchange = uniqueName('evbus_broker_x');

const event = (n: number): CloudEvent<{ n: number }> =>
  createEvent({ type: 'participants.survey.completed.v1', source: '/test', subject: `pg-${n}`, data: { n }, correlationId: `req-${n}-abcdef` });

describe('EventBroker (real RabbitMQ)', () => {
  let admin: AmqpAdmin;
  let proxy: TcpProxy;
  const queues: string[] = [];
  const brokers: EventBroker[] = [];

  async function boundQueue(pattern = 'participants.#'): Promise<string> {
    const queue = uniqueName('evbus_broker_q');
    queues.push(queue);
    await admin.declareQueue(queue, { exchange, pattern });
    return queue;
  }

  async function brokerVia(url: string, extra: Partial<Parameters<typeof EventBroker.connect>[0]> = {}) {
    const broker = await EventBroker.connect({
      url,
      exchange,
      logger: memoryLogger(),
      connectionName: uniqueName('evbus_broker_conn'),
      reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
      ...extra,
    });
    brokers.push(broker);
    return broker;
  }

  beforeAll(async () => {
    admin = await AmqpAdmin.connect(amqpUrl);
    const target = new URL(amqpUrl);
    proxy = await TcpProxy.start(target.hostname, Number(target.port) || 5672);
  });

  afterEach(async () => {
    for (const broker of brokers.splice(0)) await broker.close();
    proxy.acceptAgain();
    proxy.resumeDownstream();
  });

  afterAll(async () => {
    await proxy.close();
    await admin.cleanUp({ queues, exchanges: [exchange] });
    await admin.close();
  });

  it('declares a durable topic exchange', async () => {
    await brokerVia(amqpUrl);
    // Declaring it again with different properties fails only if it exists as declared.
    await expect(admin.onFreshChannel((ch) => ch.assertExchange(exchange, 'topic', { durable: true }))).resolves.toBeDefined();
    await expect(admin.onFreshChannel((ch) => ch.assertExchange(exchange, 'topic', { durable: false }))).rejects.toThrow(/PRECONDITION_FAILED/);
  });

  it('publishes a persistent CloudEvents message: routing key = type, message id = id', async () => {
    const broker = await brokerVia(amqpUrl);
    const queue = await boundQueue('participants.survey.*.v1');
    const e = event(1);
    await broker.publish(e);
    const [msg, ...rest] = await admin.drain(queue);
    expect(rest).toHaveLength(0);
    expect(msg!.fields.routingKey).toBe('participants.survey.completed.v1');
    expect(msg!.fields.exchange).toBe(exchange);
    expect(msg!.properties).toMatchObject({
      messageId: e.id,
      contentType: 'application/cloudevents+json',
      deliveryMode: 2,
      type: e.type,
      correlationId: e.correlationid,
    });
    expect(JSON.parse(msg!.content.toString('utf8'))).toEqual(e);
  });

  it('resolves publish only after the broker confirmed the message', async () => {
    const broker = await brokerVia(proxy.urlFor(amqpUrl));
    const queue = await boundQueue();
    proxy.pauseDownstream();
    let settled = false;
    const publishing = broker.publish(event(2)).finally(() => (settled = true));
    // The message reached the queue, but the confirm is held back in the proxy...
    await waitFor('the message to be queued', async () => (await admin.messageCount(queue)) === 1);
    await sleep(200);
    expect(settled).toBe(false);
    // ...and publish resolves once the confirm arrives.
    proxy.resumeDownstream();
    await expect(publishing).resolves.toBeUndefined();
  });

  it('rejects publish when the connection drops before the confirm, then recovers by itself', async () => {
    const broker = await brokerVia(proxy.urlFor(amqpUrl));
    const queue = await boundQueue();
    proxy.pauseDownstream();
    const publishing = broker.publish(event(3));
    await waitFor('the message to be queued', async () => (await admin.messageCount(queue)) === 1);
    proxy.dropAll();
    await expect(publishing).rejects.toBeInstanceOf(PublishNotConfirmedError);
    proxy.resumeDownstream();
    await waitFor('the broker to reconnect', () => broker.isConnected());
    await expect(broker.publish(event(4))).resolves.toBeUndefined();
    const bodies = (await admin.drain(queue)).map((m) => JSON.parse(m.content.toString('utf8')).data.n);
    expect(bodies).toEqual([3, 4]);
  });

  it('waits for the connection to come back when publishing while disconnected', async () => {
    const broker = await brokerVia(proxy.urlFor(amqpUrl));
    const queue = await boundQueue();
    proxy.refuse();
    proxy.dropAll();
    await waitFor('the broker to notice the drop', () => !broker.isConnected());
    const publishing = broker.publish(event(5));
    await sleep(100);
    proxy.acceptAgain();
    await expect(publishing).resolves.toBeUndefined();
    expect(await admin.messageCount(queue)).toBe(1);
  });

  it('rejects publish with BrokerUnavailableError when no connection comes back in time', async () => {
    const broker = await brokerVia(proxy.urlFor(amqpUrl), { publishTimeoutMs: 300 });
    proxy.refuse();
    proxy.dropAll();
    await waitFor('the broker to notice the drop', () => !broker.isConnected());
    await expect(broker.publish(event(6))).rejects.toBeInstanceOf(BrokerUnavailableError);
  });

  it('declares the exchange again after reconnecting', async () => {
    const broker = await brokerVia(proxy.urlFor(amqpUrl));
    await admin.onFreshChannel((ch) => ch.deleteExchange(exchange));
    expect(await admin.exchangeExists(exchange)).toBe(false);
    proxy.dropAll();
    await waitFor('the exchange to be declared again', () => admin.exchangeExists(exchange));
    await waitFor('the broker to reconnect', () => broker.isConnected());
    const queue = await boundQueue();
    await broker.publish(event(7));
    expect(await admin.messageCount(queue)).toBe(1);
  });

  it('reopens its channel after a channel error without losing the connection', async () => {
    const broker = await brokerVia(amqpUrl);
    const queue = await boundQueue();
    // Publishing to a deleted exchange is a channel error (404); the exchange is declared on reopen.
    await admin.onFreshChannel((ch) => ch.deleteExchange(exchange));
    await expect(broker.publish(event(8))).rejects.toBeInstanceOf(PublishNotConfirmedError);
    await waitFor('the exchange to be declared again', () => admin.exchangeExists(exchange));
    await admin.declareQueue(queue, { exchange, pattern: 'participants.#' });
    await waitFor('the channel to be reopened', () => broker.isConnected());
    await broker.publish(event(9));
    expect((await admin.drain(queue)).map((m) => JSON.parse(m.content.toString('utf8')).data.n)).toEqual([9]);
  });

  const itWithRabbitmqctl = canUseRabbitmqctl(amqpUrl) ? it : it.skip;
  itWithRabbitmqctl('recovers when the broker closes the connection (as on a broker restart)', async () => {
    const connectionName = uniqueName('evbus_broker_forced');
    const logger = memoryLogger();
    const broker = await brokerVia(amqpUrl, { connectionName, logger });
    const queue = await boundQueue();
    closeConnectionNamed(connectionName);
    const connects = () => logger.entries.filter((e) => e.msg === 'connected to RabbitMQ').length;
    await waitFor('the broker to connect again', () => connects() === 2 && broker.isConnected());
    expect(logger.entries.some((e) => e.msg === 'RabbitMQ connection lost; reconnecting')).toBe(true);
    await broker.publish(event(10));
    expect(await admin.messageCount(queue)).toBe(1);
  });

  it('refuses an invalid event without sending anything', async () => {
    const broker = await brokerVia(amqpUrl);
    const queue = await boundQueue('#');
    await expect(broker.publish({ ...event(11), type: 'Not A Type' })).rejects.toBeInstanceOf(InvalidCloudEventError);
    expect(await admin.messageCount(queue)).toBe(0);
  });

  it('reports a broker it cannot reach at start-up', async () => {
    const unreachable = await TcpProxy.start('127.0.0.1', 5672);
    unreachable.refuse();
    try {
      await expect(
        EventBroker.connect({
          url: unreachable.urlFor(amqpUrl),
          exchange,
          logger: memoryLogger(),
          reconnect: { initialDelayMs: 10, maxDelayMs: 20, initialMaxRetries: 2 },
        }),
      ).rejects.toBeInstanceOf(BrokerUnavailableError);
    } finally {
      await unreachable.close();
    }
  });

  it('is not connected after close, and publish then fails', async () => {
    const broker = await brokerVia(amqpUrl);
    expect(broker.isConnected()).toBe(true);
    await broker.close();
    expect(broker.isConnected()).toBe(false);
    await expect(broker.publish(event(12))).rejects.toBeInstanceOf(BrokerUnavailableError);
  });
});
