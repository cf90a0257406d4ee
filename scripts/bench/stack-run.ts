// The system the bench measures: started on free ports with its own databases, exchange and
// queues (a fresh FerretDB unless MONGO_URL is set), and removed again afterwards.
import fs from 'node:fs';
import path from 'node:path';
import type { Db, MongoClient } from 'mongodb';
import type { ServiceName } from '@study/contracts';
import { SERVICES, serviceNamed } from '@study/topology';
import { freePort } from '../lib/local-services';
import { ONE_ADDRESS_LIMITS, startStack, type Stack } from '../lib/stack';
import { removeBrokerObjects } from './broker-objects';
import { stackGroups, type ProcessGroup } from './procs';

/** The bench's stack: the started stack, its processes for CPU accounting, its exchange and databases. */
export interface BenchStack extends Omit<Stack, 'stop'> {
  exchange: string;
  groups: ProcessGroup[];
  mongo: MongoClient;
  /** A service's database of this stack. */
  db(service: ServiceName): Db;
  /** Stops the stack and removes its queues, exchange and data; a second call does nothing. */
  stop(): Promise<void>;
}

/** Starts the stack; answers it with `groups` (its processes for CPU accounting), `db(service)` and `stop()`. */
export async function startBenchStack({ root, runDir, log }: { root: string; runDir: string; log: (msg: string) => void }): Promise<BenchStack> {
  if (!process.env.MONGO_URL) (await import('../lib/ferretdb')).ensureFerretInstalled(log);
  const suffix = `bench_${process.pid}_${Date.now().toString(36)}`;
  const exchange = `study.events.${suffix}`;
  const queuePrefix = `${suffix}.`;
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  const started = await startStack({
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
    attempts: 3,
  });
  const { MongoClient } = await import('mongodb');
  const mongo = await MongoClient.connect(started.mongoUrl);
  const dbName = (service: ServiceName): string => `${suffix}_${serviceNamed(service).database}`;
  let stopped = false;
  return {
    ...started,
    exchange,
    groups: stackGroups(started),
    mongo,
    db: (service) => mongo.db(dbName(service)),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (process.env.MONGO_URL) {
        for (const service of SERVICES) await mongo.db(dbName(service.name)).dropDatabase().catch(() => {});
      }
      await mongo.close().catch(() => {});
      await started.stop();
      await removeBrokerObjects(amqpUrl, exchange, queuePrefix).catch((err: unknown) => log(`could not remove the bench's queues: ${err instanceof Error ? err.message : String(err)}`));
      fs.rmSync(path.join(runDir, 'ferretdb'), { recursive: true, force: true });
    },
  };
}
