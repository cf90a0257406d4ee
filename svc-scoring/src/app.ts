import { startService, type RunningService, type ServiceContext } from '@study/service-kit';
import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import { SERVICE_NAME, type ScoringConfig } from './config';
import { ErasedParticipants } from '@study/personal-data';
import { scoresCollection } from './data-access/scores-collection';
import { ScoresRepository } from './data-access/scores-repository';
import type { ScoringDeps } from './domain/deps';
import { scoringSubscriptions } from './entry-points/events/handlers';
import { mountFinalScoreRoutes } from './entry-points/http/final-score-routes';
import { mountNardiRoutes } from './entry-points/http/nardi-routes';

export type RunningScoring = RunningService<ScoringConfig>;
let running: RunningScoring | undefined;

/** The use cases' dependencies for one service context. */
export function scoringDeps(ctx: ServiceContext<ScoringConfig>): ScoringDeps & { db: Db } {
  const erased = new ErasedParticipants(ctx.db);
  return {
    service: ctx.service,
    db: ctx.db,
    scores: new ScoresRepository(ctx.db, { lock: ctx.lock, nudgeOutbox: (collection, id) => ctx.nudgeOutbox(collection, id), erased }),
    erased,
    lock: ctx.lock,
    logger: ctx.logger,
    now: () => new Date(),
  };
}

/** Starts svc-scoring: database, cache, broker, outbox relay, consumer and HTTP. */
export async function start(config: ScoringConfig, options: { logger?: Logger } = {}): Promise<RunningScoring> {
  running = await startService({
    service: SERVICE_NAME,
    owns: 'scoring',
    config,
    logger: options.logger,
    outboxCollections: (ctx) => [scoresCollection(ctx.db)],
    consumer: { as: 'scoring', subscriptions: (ctx) => scoringSubscriptions(scoringDeps(ctx)) },
    routes: (app, ctx) => {
      const deps = scoringDeps(ctx);
      mountNardiRoutes(app, deps);
      mountFinalScoreRoutes(app, deps);
    },
  });
  return running;
}

/** Stops the service started last (tests; the process entry point stops on signals). */
export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
