import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Collection, Db } from 'mongodb';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { queueBindings, type ServiceName } from '@study/contracts';
import { parseDsn, serverErrorReporter } from '@study/error-reporting/server';
import { EventBroker, OutboxRelay, dispatchTo, ensureOutboxIndex, startConsumer, type InboxEntry, type OutboxRelayOptions, type Subscription } from '@study/event-bus';
import { createRedisKeyedLock, type KeyedLock } from '@study/keyed-lock';
import type { BaseServiceConfig } from './config';
import { packageRelease } from './error-report';
import { createHttpApp } from './http-app';
import { createLogger } from './logger';
import { consumerMetrics, countDatabaseCommands, createServiceMetrics, outboxMetrics, type ServiceMetrics } from './metrics';
import { connectMongo, type MongoConnection } from './mongo';
import { connectRedis, pingRedis, type RedisConnection } from './redis';

/** The keyed lock's Redis prefix of a service's documents: scoped to its database. */
export function serviceLockPrefix(dbName: string): string {
  return `lock:${dbName}:`;
}

/** What a service's routes, use cases and event handlers are built from. */
export interface ServiceContext<C extends BaseServiceConfig = BaseServiceConfig> {
  /** e.g. 'svc-participants': the log `service` field and the events' `source`. */
  service: string;
  config: C;
  logger: Logger;
  mongo: MongoConnection;
  db: Db;
  redis: RedisConnection;
  broker: EventBroker;
  /** The service's Prometheus metrics (GET /metrics), database commands among them. */
  metrics: ServiceMetrics;
  /** Serializes writes per document (FerretDB has no document-level locking of its own). */
  lock: KeyedLock;
  /**
   * Asks the outbox relay to publish a document's events now, after the write that queued them:
   * the collection (or its name) and the document's `_id`. Without arguments it runs the
   * relay's indexed sweep soon instead.
   */
  nudgeOutbox(collection?: Collection | string, id?: unknown): void;
}

export interface ConsumerDefinition<C extends BaseServiceConfig> {
  /** The service as the event definitions (@study/contracts events) name it among their consumers, e.g. 'scoring'. */
  as: ServiceName;
  /**
   * One `on(events.x, handler)` per event the service handles. The queue's bindings follow from
   * them (queueBindings: another service's topic, e.g. `participants.#`, and its own events one
   * by one), and so does which types it handles: any other is acknowledged as it comes.
   */
  subscriptions(ctx: ServiceContext<C>): readonly Subscription[];
  /** Collection of handled event ids (dedupe). Default 'inbox'. */
  inboxCollection?: string;
  prefetch?: number;
  maxAttempts?: number;
  retryDelaysMs?: number[];
}

export interface ServiceDefinition<C extends BaseServiceConfig> {
  service: string;
  config: C;
  /** Defaults to a JSON logger at config.LOG_LEVEL. */
  logger?: Logger;
  /** Largest accepted JSON body. Default '100kb'. */
  bodyLimit?: string;
  /** Runs after the connections are up and before traffic: indexes and the like. */
  prepare?(ctx: ServiceContext<C>): Promise<void>;
  /**
   * Routes mounted ahead of the JSON body parser (at their full public paths): calls that must
   * be refused before their body is read, or that parse a larger body themselves.
   */
  beforeBody?(app: Express, ctx: ServiceContext<C>): void;
  /** Mounts the service's routes (mount, at their full public paths). */
  routes?(app: Express, ctx: ServiceContext<C>): void;
  /** Whose routes of the table (@study/contracts routes) it answers: start-up fails unless it mounts exactly those. */
  owns?: ServiceName;
  /** The aggregate collections whose documents carry an outbox for the relay to publish. */
  outboxCollections?(ctx: ServiceContext<C>): OutboxRelayOptions['collections'];
  /** Pause between the relay's safety sweeps (what a lost nudge left behind). Default 30 s. */
  outboxSweepIntervalMs?: number;
  /** @deprecated read as outboxSweepIntervalMs. */
  outboxIntervalMs?: number;
  consumer?: ConsumerDefinition<C>;
  /** How long stop() lets in-flight requests finish before cutting connections. Default 10 s. */
  drainTimeoutMs?: number;
}

export interface RunningService<C extends BaseServiceConfig = BaseServiceConfig> {
  app: Express;
  server: Server;
  ctx: ServiceContext<C>;
  /** Base URL the server listens on, e.g. http://127.0.0.1:4101 */
  url: string;
  /** Stops accepting requests, drains, then closes consumer, relay, broker, Redis and Mongo. Idempotent. */
  stop(): Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open. The gateway keeps its idle connections
 * to a service for less (UPSTREAM_IDLE_TIMEOUT_MS, 30 s), so it is always the gateway that
 * closes one, never the service just as the gateway sends a request on it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function buildApp<C extends BaseServiceConfig>(def: ServiceDefinition<C>, ctx: ServiceContext<C>, draining: () => boolean): Express {
  return createHttpApp({
    service: ctx.service,
    logger: ctx.logger,
    draining,
    bodyLimit: def.bodyLimit,
    release: ctx.config.RELEASE,
    ...(ctx.config.ERROR_REPORTING_DSN ? { errorReporter: serverErrorReporter(parseDsn(ctx.config.ERROR_REPORTING_DSN), { service: ctx.service, release: packageRelease(ctx.service) }) } : {}),
    metrics: ctx.metrics,
    readinessChecks: {
      mongo: () => ctx.mongo.ping(),
      amqp: () => ctx.broker.isConnected(),
      redis: () => pingRedis(ctx.redis),
    },
    beforeBody: (app) => def.beforeBody?.(app, ctx),
    routes: (app) => def.routes?.(app, ctx),
    owns: def.owns,
  });
}

async function closeServer(server: Server, drainTimeoutMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections with no request in flight would hold close() open.
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), drainTimeoutMs);
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    server.closeAllConnections();
    await closed;
  }
}

/** Closes resources in reverse order of opening, continuing past failures, reporting the first. */
async function closeAll(steps: { name: string; close: () => Promise<void> }[], logger: Logger): Promise<void> {
  let firstError: unknown;
  for (const step of steps) {
    try {
      await step.close();
    } catch (err) {
      logger.error({ err, step: step.name }, 'error while stopping');
      firstError ??= err;
    }
  }
  if (firstError) throw firstError;
}

/**
 * Starts a service: connects Mongo, Redis and the event broker, prepares the database,
 * starts the outbox relay and the consumer, then listens. A failure part-way closes what
 * was opened and rethrows.
 */
export async function startService<C extends BaseServiceConfig>(def: ServiceDefinition<C>): Promise<RunningService<C>> {
  const { config } = def;
  const logger = def.logger ?? createLogger({ service: def.service, level: config.LOG_LEVEL, fingerprintKey: config.LOG_FINGERPRINT_KEY });
  // Filled in as resources open; stop() closes them in reverse.
  const opened: { name: string; close: () => Promise<void> }[] = [];
  const closeOpened = () => closeAll([...opened].reverse(), logger);

  try {
    const metrics = createServiceMetrics(def.service);
    const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, { appName: def.service, monitorCommands: true, maxPoolSize: config.MONGO_MAX_POOL_SIZE });
    countDatabaseCommands(mongo.client, metrics);
    opened.push({ name: 'mongo', close: () => mongo.close() });
    const redis = await connectRedis(config.REDIS_URL, { logger });
    opened.push({ name: 'redis', close: () => redis.close() });
    const broker = await EventBroker.connect({ url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE, logger, connectionName: def.service });
    opened.push({ name: 'broker', close: () => broker.close() });
    // Lock keys are scoped to the database, so two deployments (or tests) never share a lease.
    const lock = createRedisKeyedLock(redis, { prefix: serviceLockPrefix(config.MONGO_DB), logger });

    let relay: OutboxRelay | undefined;
    const ctx: ServiceContext<C> = {
      service: def.service,
      config,
      logger,
      mongo,
      db: mongo.db,
      redis,
      broker,
      metrics,
      lock,
      nudgeOutbox: (collection, id) => relay?.nudge(collection, id),
    };

    await def.prepare?.(ctx);

    const collections = def.outboxCollections?.(ctx) ?? [];
    // The relay's sweep reads the outbox index; it exists before the first write.
    await Promise.all(collections.map((collection) => ensureOutboxIndex(collection)));
    if (collections.length > 0) outboxMetrics(metrics, collections);
    if (collections.length > 0) {
      const started = new OutboxRelay({ collections, broker, lock, logger, sweepIntervalMs: def.outboxSweepIntervalMs ?? def.outboxIntervalMs });
      started.start();
      relay = started;
      opened.push({ name: 'outbox relay', close: () => started.stop() });
    }

    if (def.consumer) {
      const consumer = def.consumer;
      const subscriptions = consumer.subscriptions(ctx);
      const running = await startConsumer(broker, {
        queue: config.EVENTS_QUEUE,
        bindings: queueBindings(consumer.as, subscriptions.map((subscription) => subscription.event)),
        inbox: mongo.db.collection<InboxEntry>(consumer.inboxCollection ?? 'inbox'),
        lock,
        prefetch: consumer.prefetch,
        maxAttempts: consumer.maxAttempts ?? config.EVENTS_MAX_ATTEMPTS,
        retryDelaysMs: consumer.retryDelaysMs ?? config.EVENTS_RETRY_DELAYS_MS,
        observer: consumerMetrics(metrics),
        // Bindings are wide (participants.#); types this service has no use for are acknowledged as they come.
        ...dispatchTo(subscriptions),
      });
      opened.push({ name: 'consumer', close: () => running.stop() });
    }

    let draining = false;
    const app = buildApp(def, ctx, () => draining);
    const server = app.listen(config.PORT, config.HOST);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // The header deadline outlasts the keep-alive timeout, so a connection reused at the
    // last moment is not cut by it.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    await Promise.race([once(server, 'listening'), once(server, 'error').then(([err]) => Promise.reject(err as Error))]);
    const address = server.address() as AddressInfo;
    const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    logger.info({ url, db: config.MONGO_DB, queue: def.consumer ? config.EVENTS_QUEUE : undefined }, 'service started');

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        draining = true;
        if (config.SHUTDOWN_NOTICE_MS > 0) {
          logger.info({ noticeMs: config.SHUTDOWN_NOTICE_MS }, 'service draining: /readyz answers 503, requests still served');
          await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_NOTICE_MS));
        }
        logger.info('service stopping');
        await closeServer(server, def.drainTimeoutMs ?? 10_000);
        await closeOpened();
        logger.info('service stopped');
      })();
      return stopping;
    };
    return { app, server, ctx, url, stop };
  } catch (err) {
    await closeOpened().catch(() => undefined);
    throw err;
  }
}
