import { startService, type RunningService, type ServiceContext } from '@study/service-kit';
import type { Logger } from 'pino';
import { SERVICE_NAME, type ReportsConfig } from './config';
import { ErasedParticipants } from '@study/personal-data';
import { FinalReportFiles } from './data-access/final-report-files';
import { reportsCollection } from './data-access/reports-collection';
import { ReportsRepository } from './data-access/reports-repository';
import type { ReportsDeps } from './domain/deps';
import { reportsSubscriptions } from './entry-points/events/handlers';
import { mountReportRoutes } from './entry-points/http/report-routes';
import { renderFinalReport } from './rendering/final-report-pdf';

export type RunningReports = RunningService<ReportsConfig>;
let running: RunningReports | undefined;

/** The use cases' dependencies for one service context. */
export function reportsDeps(ctx: ServiceContext<ReportsConfig>): ReportsDeps {
  const erased = new ErasedParticipants(ctx.db);
  return {
    service: ctx.service,
    db: ctx.db,
    reports: new ReportsRepository(ctx.db, { lock: ctx.lock, nudgeOutbox: (collection, id) => ctx.nudgeOutbox(collection, id), erased }),
    files: new FinalReportFiles(ctx.db),
    erased,
    lock: ctx.lock,
    logger: ctx.logger,
    now: () => new Date(),
    renderFinalReport: (view) => renderFinalReport(view),
    studyName: ctx.config.STUDY_NAME,
  };
}

/** Starts svc-reports: database, cache, broker, outbox relay, consumer and HTTP. */
export async function start(config: ReportsConfig, options: { logger?: Logger } = {}): Promise<RunningReports> {
  running = await startService({
    service: SERVICE_NAME,
    owns: 'reports',
    config,
    logger: options.logger,
    prepare: (ctx) => new FinalReportFiles(ctx.db).ensureIndexes(),
    outboxCollections: (ctx) => [reportsCollection(ctx.db)],
    consumer: { as: 'reports', subscriptions: (ctx) => reportsSubscriptions(reportsDeps(ctx)) },
    routes: (app, ctx) => mountReportRoutes(app, reportsDeps(ctx)),
  });
  return running;
}

/** Stops the service started last (tests; the process entry point stops on signals). */
export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
