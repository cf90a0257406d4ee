import { connect as amqpConnect } from 'amqplib';
import { MongoClient } from 'mongodb';
import { consumerTopology } from '@study/event-bus';
import { testEnv, uniqueName } from '@study/test-infra';
import { TEST_LOG_FINGERPRINT_KEY } from './memory-logger';

export { loggedParticipant, memoryLogger, TEST_LOG_FINGERPRINT_KEY } from './memory-logger';
export { metricValue } from './metric-value';
export { serviceDocumentsOf, writeAsService, type ServiceDocuments, type WriteAsServiceOptions } from './write-as-service';

export interface ServiceTestEnv {
  /** Environment for the service's loadConfig: real connections, unique names, any free port. */
  env: Record<string, string>;
  dbName: string;
  exchange: string;
  queue: string;
  /** Drops the database and deletes the queues and exchanges the service declared. */
  cleanup(): Promise<void>;
}

/**
 * Settings for an integration test of one service against the real FerretDB, RabbitMQ and
 * Redis, with a database, exchange and queue no other test uses.
 */
export function serviceTestEnv(prefix: string): ServiceTestEnv {
  const { mongoUrl, amqpUrl, redisUrl } = testEnv();
  const dbName = uniqueName(prefix);
  const exchange = uniqueName(`${prefix}-events`);
  const queue = uniqueName(`${prefix}-queue`);
  return {
    env: {
      PORT: '0',
      MONGO_URL: mongoUrl,
      MONGO_DB: dbName,
      AMQP_URL: amqpUrl,
      REDIS_URL: redisUrl,
      EVENTS_EXCHANGE: exchange,
      EVENTS_QUEUE: queue,
      LOG_LEVEL: 'silent',
      LOG_FINGERPRINT_KEY: TEST_LOG_FINGERPRINT_KEY,
    },
    dbName,
    exchange,
    queue,
    cleanup: async () => {
      const mongo = await MongoClient.connect(mongoUrl);
      try {
        await mongo.db(dbName).dropDatabase();
      } finally {
        await mongo.close();
      }
      const connection = await amqpConnect(amqpUrl);
      try {
        const channel = await connection.createChannel();
        const topology = consumerTopology(exchange, queue);
        for (const name of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(name);
        await channel.deleteExchange(topology.deadLetterExchange);
        await channel.deleteExchange(topology.exchange);
        await channel.close();
      } finally {
        await connection.close();
      }
    },
  };
}

/** Polls until check() returns something other than undefined, null or false; fails after timeoutMs. */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ProbeQueue {
  /** The next message body routed to the probe, parsed as JSON. */
  next(timeoutMs?: number): Promise<unknown>;
  close(): Promise<void>;
}

/** A temporary queue bound to the exchange, to see what a service publishes. */
export async function probeQueue(amqpUrl: string, exchange: string, pattern: string): Promise<ProbeQueue> {
  const connection = await amqpConnect(amqpUrl);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, exchange, pattern);
  return {
    next: async (timeoutMs = 10_000) => {
      const message = await waitFor(async () => (await channel.get(queue, { noAck: true })) || undefined, `a message on ${pattern}`, timeoutMs);
      return JSON.parse(message.content.toString('utf8')) as unknown;
    },
    close: async () => {
      await channel.close();
      await connection.close();
    },
  };
}

/** Throws a `Kind` error `depth` calls down (its top frame `dive`), the stack recorded whole: a bug deep in a route, for the 20-frame cut of error reports. */
export function throwFromDeep(Kind: new (message: string) => Error, message: string, depth = 40): never {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Infinity;
  try {
    const dive = (n: number): never => {
      if (n === 0) throw new Kind(message);
      return dive(n - 1);
    };
    return dive(depth);
  } finally {
    Error.stackTraceLimit = limit;
  }
}
