import { startService, type RunningService } from '@study/service-kit';
import type { Logger } from 'pino';
import { SERVICE_NAME, type ReportsConfig } from './config';
import { reportsCollection } from './data-access/reports-collection';
import { REPORTS_BINDINGS, reportsEventHandlers } from './entry-points/events/handlers';

export type RunningReports = RunningService<ReportsConfig>;
let running: RunningReports | undefined;

/** Starts svc-reports: database, cache, broker, outbox relay, consumer and HTTP (health only so far). */
export async function start(config: ReportsConfig, options: { logger?: Logger } = {}): Promise<RunningReports> {
  running = await startService({
    service: SERVICE_NAME,
    config,
    logger: options.logger,
    outboxCollections: (ctx) => [reportsCollection(ctx.db)],
    consumer: { bindings: REPORTS_BINDINGS, handlers: (ctx) => reportsEventHandlers(ctx) },
  });
  return running;
}

/** Stops the service started last (tests; the process entry point stops on signals). */
export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
