import type { Request, Response } from 'express';
import { startService, type RunningService, type ServiceContext } from '@study/service-kit';
import type { Logger } from 'pino';
import { adminGuards, mountAdmin } from './admin-setup';
import { scheduleAdminRowsPasses } from './admin-rows-setup';
import { AdminRows } from './data-access/admin-rows/admin-rows';
import { configuredSecrets, SERVICE_NAME, type ParticipantsConfig } from './config';
import { consentVersionsRepository } from './consent-setup';
import { consentSettingsOf } from './consent-settings-config';
import { ConsentVersionsRepository } from './data-access/consent-versions-repository';
import { SpentTokens } from './data-access/admin-limits';
import { AuditLogRepository } from './data-access/audit-log-repository';
import { MbtiScoresRepository } from './data-access/mbti-scores-repository';
import { RemindersRepository } from './data-access/reminders-repository';
import { MemberLinksRepository } from './data-access/member-links-repository';
import { ParticipantsRepository } from './data-access/participants-repository';
import { ResultsChannel } from './data-access/results-channel';
import { TokenCipher } from './data-access/token-cipher';
import { TypeFinderInboxRepository } from './data-access/typefinder-inbox-repository';
import type { ParticipantsDeps } from './domain/deps';
import { studySettings } from './domain/settings';
import { participantsSubscriptions } from './entry-points/events/handlers';
import { mountConsentRoutes } from './entry-points/http/consent-routes';
import { mountOpenHumansWebhookRoutes } from './entry-points/http/open-humans-webhook-routes';
import { mountResultsStreamRoutes } from './entry-points/http/results-stream-routes';
import { mountSessionRoutes } from './entry-points/http/session-routes';
import { mountSettingsRoutes } from './entry-points/http/settings-routes';
import { mountSurveyRoutes } from './entry-points/http/survey-routes';
import { mountTypeFinderRoutes } from './entry-points/http/typefinder-routes';
import { mountUserRoutes } from './entry-points/http/user-routes';
import { mountWithdrawRoutes } from './entry-points/http/withdraw-routes';
import { leaveStudy } from './domain/leave-study';
import { messageWithOwnGrant } from './domain/open-humans-access';
import { openHumansClient } from './open-humans-setup';
import { scheduleMemberReconciliation } from './reconciliation-setup';
import { mountReminders, prepareReminders } from './reminders-setup';

export type RunningParticipants = RunningService<ParticipantsConfig>;
let running: RunningParticipants | undefined;

// One results channel per running service (its event handlers and its streams share it).
const resultsChannels = new WeakMap<ServiceContext<ParticipantsConfig>, ResultsChannel>();

function resultsChannel(ctx: ServiceContext<ParticipantsConfig>): ResultsChannel {
  let channel = resultsChannels.get(ctx);
  if (!channel) {
    channel = new ResultsChannel(ctx.redis, `results:${ctx.config.MONGO_DB}`, ctx.logger);
    resultsChannels.set(ctx, channel);
  }
  return channel;
}

/** The use cases' dependencies for one service context; `logger` scopes the log lines (per request). */
export function participantsDeps(ctx: ServiceContext<ParticipantsConfig>, logger: Logger = ctx.logger): ParticipantsDeps {
  const cipher = TokenCipher.fromConfig(ctx.config.TOKEN_ENCRYPTION_KEY);
  return {
    service: ctx.service,
    participants: new ParticipantsRepository(ctx.db, cipher),
    memberLinks: new MemberLinksRepository(ctx.db),
    openHumans: openHumansClient(ctx.config),
    typeFinderInbox: new TypeFinderInboxRepository(ctx.db),
    mbtiResults: new MbtiScoresRepository(ctx.db),
    consentVersions: consentVersionsRepository(ctx),
    studyEmailHost: ctx.config.STUDY_EMAIL_HOST,
    lock: ctx.lock,
    reminders: new RemindersRepository(ctx.db),
    nudgeOutbox: (collection, id) => ctx.nudgeOutbox(collection, id),
    resultsChanged: (pgId) => resultsChannel(ctx).changed(pgId),
    auditLog: new AuditLogRepository(ctx.db),
    auditSecrets: configuredSecrets(ctx.config),
    logger,
    now: () => new Date(),
  };
}

/** Starts svc-participants: database, cache, broker, outbox relay, consumer and HTTP. */
export async function start(config: ParticipantsConfig, options: { logger?: Logger } = {}): Promise<RunningParticipants> {
  // Fail before connecting anything when the key is unusable (the config check already read it).
  TokenCipher.fromConfig(config.TOKEN_ENCRYPTION_KEY);
  const streams = new Set<Response>();
  const started = await startService({
    service: SERVICE_NAME,
    owns: 'participants',
    config,
    logger: options.logger,
    prepare: async (ctx) => {
      await new AuditLogRepository(ctx.db).ensureIndexes();
      // The first consent version is stored at its first use, so a fresh stack's database stays empty.
      await new ConsentVersionsRepository(ctx.db).ensureIndexes();
      await prepareReminders(ctx);
      await new AdminRows(ctx.db, ctx.lock).prepare();
    },
    outboxCollections: (ctx) => [new ParticipantsRepository(ctx.db).collection, new MbtiScoresRepository(ctx.db).collection],
    consumer: { as: 'participants', subscriptions: (ctx) => participantsSubscriptions(participantsDeps(ctx)) },
    beforeBody: (app, ctx) => {
      mountAdmin(app, ctx);
      mountReminders(app, ctx, {
        // A member the platform refuses a reminder for has left: as its notice would, withdraw them (data kept).
        memberLeft: async ({ pgId, memberId }, correlationId) => {
          await leaveStudy(participantsDeps(ctx), { pgId, memberId, erase: false, initiatedBy: 'open-humans' }, correlationId);
        },
        messageWithOwnGrant: ({ pgId }, message) => messageWithOwnGrant(participantsDeps(ctx), pgId, message),
      });
    },
    routes: (app, ctx) => {
      const base = participantsDeps(ctx);
      const deps = (req: Request): ParticipantsDeps => ({ ...base, logger: req.log });
      const settings = studySettings({
        resetSurveysEnabled: config.RESET_SURVEYS,
        studyEmailHost: config.STUDY_EMAIL_HOST,
        typeFinderWidgetUrl: config.TYPEFINDER_WIDGET_URL,
      });
      mountSettingsRoutes(app, () => settings);
      mountSessionRoutes(app, deps, {
        sessionSecret: config.PARTICIPANT_SESSION_SECRET,
        spentStates: new SpentTokens(ctx.redis, `oh-states:${config.MONGO_DB}:`),
      });
      mountConsentRoutes(app, deps, consentSettingsOf(config));
      mountUserRoutes(app, deps, { resetSurveysEnabled: config.RESET_SURVEYS });
      mountOpenHumansWebhookRoutes(app, deps, { webhookSecret: config.OH_WEBHOOK_SECRET, seenNotices: new SpentTokens(ctx.redis, `oh-notices:${config.MONGO_DB}:`) });
      mountWithdrawRoutes(app, deps);
      mountSurveyRoutes(app, deps);
      mountResultsStreamRoutes(app, deps, resultsChannel(ctx), streams);
      mountTypeFinderRoutes(app, deps, { webhookSecret: config.TYPEFINDER_WEBHOOK_SECRET, adminGuard: adminGuards(ctx)('typefinder-import', { kind: 'header' }) });
    },
  });
  const stopReconciliation = scheduleMemberReconciliation(started.ctx, participantsDeps(started.ctx));
  const stopAdminRowsPasses = scheduleAdminRowsPasses(started.ctx);
  const stopService = started.stop;
  // Open result streams would hold the server's drain until its timeout: end them first.
  let stopping: Promise<void> | undefined;
  started.stop = () => {
    stopping ??= (async () => {
      stopReconciliation();
      stopAdminRowsPasses();
      for (const stream of streams) stream.end();
      await resultsChannel(started.ctx).close();
      await stopService();
    })();
    return stopping;
  };
  running = started;
  return running;
}

/** Stops the service started last (tests; the process entry point stops on signals). */
export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
