import type { CommandStartedEvent, MongoClient } from 'mongodb';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { Router } from 'express';

/**
 * One service's Prometheus metrics, in a registry of its own (tests run several services in one
 * process): the process's own (CPU, memory, event loop) and every database command it sends.
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

/** Commands that name the collection they work on as their first field's value. */
function collectionOf(event: CommandStartedEvent): string {
  const target: unknown = event.command[event.commandName];
  return typeof target === 'string' ? target : '';
}

/**
 * Counts every command the client sends, by command and collection: each action's budget of
 * database commands is read from this counter, so it counts what the driver really sent
 * (retries, cursors' getMore, transactions' commits), not what the code meant to send.
 * The client must be made with `monitorCommands: true`.
 */
export function countDatabaseCommands(client: MongoClient, metrics: ServiceMetrics): void {
  const commands = new Counter({
    name: 'study_db_commands_total',
    help: 'Database commands sent, by command and collection',
    labelNames: ['command', 'collection'] as const,
    registers: [metrics.registry],
  });
  client.on('commandStarted', (event) => commands.inc({ command: event.commandName, collection: collectionOf(event) }));
}

/** GET /metrics in Prometheus' text format, on the service's own port (the gateway never routes to it). */
export function metricsRoute(metrics: ServiceMetrics): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    res.set('Content-Type', metrics.registry.contentType).set('Cache-Control', 'no-store').send(await metrics.registry.metrics());
  });
  return router;
}
