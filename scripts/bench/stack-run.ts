// The system the bench measures: started on free ports with its own databases, exchange and
// queues (a fresh FerretDB unless MONGO_URL is set), and removed again afterwards.
import fs from 'node:fs';
import path from 'node:path';
import { ONE_ADDRESS_LIMITS, startStack } from '../lib/stack';
import { freePort } from '../lib/local-services';
import { stackGroups } from './procs';

async function removeBrokerObjects(amqpUrl, exchange, queuePrefix) {
  const amqp = (await import('amqplib')).default;
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const service of ['participants', 'scoring', 'reports']) {
      const queue = `${queuePrefix}svc-${service}`;
      for (const name of [queue, `${queue}.dlq`, ...[1_000, 5_000, 15_000, 60_000].map((ms) => `${queue}.retry.${ms}ms`)]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(exchange);
    await channel.deleteExchange(`${exchange}.dlx`);
    await channel.close();
  } finally {
    await connection.close();
  }
}

/** Starts the stack; answers it with `groups` (its processes for CPU accounting), `dbName(service)` and `stop()`. */
export async function startBenchStack({ root, runDir, log }) {
  if (!process.env.MONGO_URL) (await import('../lib/ferretdb')).ensureFerretInstalled(log);
  const suffix = `bench_${process.pid}_${Date.now().toString(36)}`;
  const exchange = `study.events.${suffix}`;
  const queuePrefix = `${suffix}.`;
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  // On a busy machine a service can miss the stack's start deadline; a fresh try usually makes it.
  let stack;
  for (let attempt = 1; !stack; attempt += 1) {
    try {
      stack = await startStack({
        root,
        port: await freePort(),
        freePorts: true,
        dataDir: path.join(runDir, 'ferretdb'),
        logDir: path.join(runDir, 'logs'),
        log,
        queuePrefix,
        dbPrefix: `${suffix}_`,
        // BENCH_LOG_LEVEL=debug keeps every service's log lines (in runDir/logs) to follow one completion.
        env: { EVENTS_EXCHANGE: exchange, LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn', ...ONE_ADDRESS_LIMITS },
        readyTimeoutMs: 120_000,
        databaseMetrics: true,
        standinStateFile: false,
      });
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`The system did not start (${err.message.split('\n')[0]}); trying again...`);
      fs.rmSync(path.join(runDir, 'ferretdb'), { recursive: true, force: true });
    }
  }
  const { MongoClient } = await import('mongodb');
  const mongo = await MongoClient.connect(stack.mongoUrl);
  const dbName = (service) => `${suffix}_${service}`;
  let stopped = false;
  return {
    ...stack,
    exchange,
    groups: stackGroups(stack),
    mongo,
    db: (service) => mongo.db(dbName(service)),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (process.env.MONGO_URL) {
        for (const name of ['participants', 'scoring', 'reports']) await mongo.db(dbName(name)).dropDatabase().catch(() => {});
      }
      await mongo.close().catch(() => {});
      await stack.stop();
      await removeBrokerObjects(amqpUrl, exchange, queuePrefix).catch((err) => log(`could not remove the bench's queues: ${err.message}`));
      fs.rmSync(path.join(runDir, 'ferretdb'), { recursive: true, force: true });
    },
  };
}
