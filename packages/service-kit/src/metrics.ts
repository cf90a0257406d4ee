import type { Collection, CommandStartedEvent, MongoClient } from 'mongodb';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Router, type Request, type RequestHandler } from 'express';
import { matchApiRoute } from '@study/contracts';
import { OUTBOX_BACKLOG_COMMENT, readOutboxBacklog, type ConsumerObserver, type OutboxBacklog } from '@study/event-bus';

/**
 * One service's Prometheus metrics, in a registry of its own (tests run several services in one
 * process): the process's own (CPU, memory, event loop), every database command it sends, its
 * HTTP calls, the events it handles and its outbox.
 */
export interface ServiceMetrics {
  registry: Registry;
}

export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return { registry };
}

/** Seconds: from a quick read (5 ms) to a PDF render or a result stream held open (a minute and more). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Commands that name the collection they work on as their first field's value. */
function collectionOf(event: CommandStartedEvent): string {
  const target: unknown = event.command[event.commandName];
  return typeof target === 'string' ? target : '';
}

/**
 * Counts every command the client sends, by command and collection: each action's budget of
 * database commands is read from this counter, so it counts what the driver really sent
 * (retries, cursors' getMore, transactions' commits), not what the code meant to send.
 * The reads a scrape makes for the outbox gauges (marked with their comment) are counted apart,
 * in `study_metrics_db_commands_total`: a scrape between two counts never adds to an action's cost.
 * The client must be made with `monitorCommands: true`.
 */
export function countDatabaseCommands(client: MongoClient, metrics: ServiceMetrics): void {
  const labelNames = ['command', 'collection'] as const;
  const commands = new Counter({ name: 'study_db_commands_total', help: 'Database commands sent, by command and collection', labelNames, registers: [metrics.registry] });
  const scrapes = new Counter({
    name: 'study_metrics_db_commands_total',
    help: 'Database commands sent to answer a scrape of /metrics (the outbox gauges), by command and collection',
    labelNames,
    registers: [metrics.registry],
  });
  client.on('commandStarted', (event) => {
    const counter = event.command.comment === OUTBOX_BACKLOG_COMMENT ? scrapes : commands;
    counter.inc({ command: event.commandName, collection: collectionOf(event) });
  });
}

/**
 * How a request is named in the metrics: its route's template (`/api/user/events/:pgId`), a
 * known API route's template when none matched here, else `unmatched`. Never the path itself, so
 * an id or a secret in it makes no series of its own.
 */
export function metricsRouteLabel(req: Pick<Request, 'route' | 'baseUrl' | 'path'>): string {
  const routePath: unknown = req.route?.path;
  if (typeof routePath === 'string') return `${req.baseUrl ?? ''}${routePath}`;
  return matchApiRoute(req.path ?? '')?.path ?? 'unmatched';
}

/**
 * `study_http_request_duration_seconds{method, route, status}`: every request, observed when its
 * answer is done (status 499 when the client left first). Its `_count` is the request counter.
 */
export function httpRequestMetrics(metrics: ServiceMetrics): RequestHandler {
  const duration = new Histogram({
    name: 'study_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, with their durations in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metrics.registry],
  });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let observed = false;
    const done = () => {
      if (observed) return;
      observed = true;
      const status = res.headersSent ? res.statusCode : 499;
      duration.observe({ method: req.method, route: metricsRouteLabel(req), status: String(status) }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}

/**
 * The consumer's series: `study_event_handling_duration_seconds{type, outcome}`,
 * `study_event_retries_total{type}` and `study_event_dead_letters_total{type}`.
 */
export function consumerMetrics(metrics: ServiceMetrics): ConsumerObserver {
  const registers = [metrics.registry];
  const handling = new Histogram({
    name: 'study_event_handling_duration_seconds',
    help: 'Events taken from the queue by type and outcome (handled, duplicate, failed), with the seconds their handling took',
    labelNames: ['type', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const retries = new Counter({ name: 'study_event_retries_total', help: 'Failed events sent back for another attempt, by type', labelNames: ['type'] as const, registers });
  const deadLetters = new Counter({
    name: 'study_event_dead_letters_total',
    help: 'Events parked on the dead-letter queue (failed every attempt, or not a CloudEvent: type "invalid"), by type',
    labelNames: ['type'] as const,
    registers,
  });
  return {
    handled: (type, outcome, seconds) => handling.observe({ type, outcome }, seconds),
    retried: (type) => retries.inc({ type }),
    deadLettered: (type) => deadLetters.inc({ type }),
  };
}

/**
 * `study_outbox_pending_documents{collection}` and `study_outbox_oldest_event_age_seconds{collection}`,
 * read from the database when /metrics is scraped (one indexed query per collection while the
 * backlog is small), never on a participant's action. Both gauges share one read per scrape; a
 * read that fails leaves the last values.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function outboxMetrics(metrics: ServiceMetrics, collections: Collection<any>[], now: () => Date = () => new Date()): void {
  let reading: Promise<OutboxBacklog[] | undefined> | null = null;
  const read = () => {
    reading ??= readOutboxBacklog(collections, now())
      .catch(() => undefined)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const labelNames = ['collection'] as const;
  new Gauge({
    name: 'study_outbox_pending_documents',
    help: 'Documents whose outbox holds events not yet published, by collection',
    labelNames,
    registers: [metrics.registry],
    async collect() {
      for (const backlog of (await read()) ?? []) this.set({ collection: backlog.collection }, backlog.documents);
    },
  });
  new Gauge({
    name: 'study_outbox_oldest_event_age_seconds',
    help: 'Age in seconds of the oldest event not yet published (0 when none waits), by collection',
    labelNames,
    registers: [metrics.registry],
    async collect() {
      for (const backlog of (await read()) ?? []) this.set({ collection: backlog.collection }, backlog.oldestEventAgeSeconds);
    },
  });
}

/** A gauge read when /metrics is scraped, e.g. the result streams open on this instance. */
export function gaugeReadOnScrape(metrics: ServiceMetrics, definition: { name: string; help: string }, read: () => number): void {
  new Gauge({
    ...definition,
    registers: [metrics.registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * GET /metrics in Prometheus' text format, on the service's own port: the gateway forwards only
 * the route table's /api calls, so it never reaches this one.
 */
export function metricsRoute(metrics: ServiceMetrics): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    res.set('Content-Type', metrics.registry.contentType).set('Cache-Control', 'no-store').send(await metrics.registry.metrics());
  });
  return router;
}
