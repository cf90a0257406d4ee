import { startService, type RunningService } from '@study/service-kit';
import type { Logger } from 'pino';
import { SERVICE_NAME, type ParticipantsConfig } from './config';
import { ParticipantsRepository } from './data-access/participants-repository';
import { PARTICIPANTS_BINDINGS, participantsEventHandlers } from './entry-points/events/handlers';
import { mountUserRoutes } from './entry-points/http/user-routes';

export type RunningParticipants = RunningService<ParticipantsConfig>;
let running: RunningParticipants | undefined;

/** Starts svc-participants: database, cache, broker, outbox relay, consumer and HTTP. */
export async function start(config: ParticipantsConfig, options: { logger?: Logger } = {}): Promise<RunningParticipants> {
  running = await startService({
    service: SERVICE_NAME,
    config,
    logger: options.logger,
    outboxCollections: (ctx) => [new ParticipantsRepository(ctx.db).collection],
    consumer: { bindings: PARTICIPANTS_BINDINGS, handlers: () => participantsEventHandlers() },
    routes: (app, ctx) => mountUserRoutes(app, { participants: new ParticipantsRepository(ctx.db) }),
  });
  return running;
}

/** Stops the service started last (tests; the process entry point stops on signals). */
export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
