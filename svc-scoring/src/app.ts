import { startService, type RunningService } from '@study/service-kit';
import type { Logger } from 'pino';
import { SERVICE_NAME, type ScoringConfig } from './config';
import { scoresCollection } from './data-access/scores-collection';
import { SCORING_BINDINGS, scoringEventHandlers } from './entry-points/events/handlers';

export type RunningScoring = RunningService<ScoringConfig>;
let running: RunningScoring | undefined;

/** Starts svc-scoring: database, cache, broker, outbox relay, consumer and HTTP (health only so far). */
export async function start(config: ScoringConfig, options: { logger?: Logger } = {}): Promise<RunningScoring> {
  running = await startService({
    service: SERVICE_NAME,
    config,
    logger: options.logger,
    outboxCollections: (ctx) => [scoresCollection(ctx.db)],
    consumer: { bindings: SCORING_BINDINGS, handlers: (ctx) => scoringEventHandlers(ctx) },
  });
  return running;
}

/** Stops the service started last (tests; the process entry point stops on signals). */
export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
