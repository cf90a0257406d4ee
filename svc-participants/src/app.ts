/*
 * svc-participants' composition: the one place its parts are built and wired (repositories, the
 * Open Humans adapter, the use cases' dependencies, the admin guards, the routes, the event
 * subscriptions and the scheduled jobs) from its configuration.
 */
import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { RouteName } from '@study/contracts';
import { startService, type RunningService, type ServiceContext } from '@study/service-kit';
import { createLoginLockout } from '@study/staff-auth';
import type { Logger } from 'pino';
import { configuredSecrets, SERVICE_NAME, type ParticipantsConfig } from './config';
import { consentSettingsOf } from './consent-settings-config';
import { RedisWindowCounters, SpentTokens } from './data-access/admin-limits';
import { AdminRows } from './data-access/admin-rows/admin-rows';
import { AuditLogRepository } from './data-access/audit-log-repository';
import { AwaitingSteps } from './data-access/awaiting-steps';
import { ConsentHistoryReader } from './data-access/consent-records';
import { ConsentVersionsRepository } from './data-access/consent-versions-repository';
import { IntervalGate } from './data-access/interval-gate';
import { MbtiScoresRepository } from './data-access/mbti-scores-repository';
import { MemberLinksRepository } from './data-access/member-links-repository';
import { ParticipantsRepository } from './data-access/participants-repository';
import { RemindersRepository } from './data-access/reminders-repository';
import { ResultsChannel } from './data-access/results-channel';
import { StaffAccountsRepository } from './data-access/staff-accounts-repository';
import { StaffSessions } from './data-access/staff-sessions';
import { parseEncryptionKey, TokenCipher } from './data-access/token-cipher';
import { TypeFinderInboxRepository } from './data-access/typefinder-inbox-repository';
import type { AdminDeps } from './domain/admin/deps';
import { DownloadLinkSigner } from './domain/admin/download-links';
import { studyPseudonyms } from './domain/admin/study-pseudonym';
import type { ParticipantsDeps } from './domain/deps';
import type { StaffDeps } from './domain/staff/deps';
import { leaveStudy } from './domain/leave-study';
import { messageWithOwnGrant } from './domain/open-humans-access';
import { backfillAwaitingSteps } from './domain/reminders/backfill';
import type { ReminderDeps, ReminderParticipantPorts } from './domain/reminders/deps';
import { studySettings } from './domain/settings';
import { participantsSubscriptions } from './entry-points/events/handlers';
import { adminAccess, staffCallOf, type AdminProof } from './entry-points/http/admin-access';
import { mountStaffRoutes } from './entry-points/http/staff-routes';
import { mountAdminRoutes } from './entry-points/http/admin-routes';
import { mountAuditRoutes } from './entry-points/http/audit-routes';
import { mountConsentAdminRoutes } from './entry-points/http/consent-admin-routes';
import { mountConsentRoutes } from './entry-points/http/consent-routes';
import { mountOpenHumansWebhookRoutes } from './entry-points/http/open-humans-webhook-routes';
import { mountReminderRoutes } from './entry-points/http/reminder-routes';
import { mountResultsStreamRoutes } from './entry-points/http/results-stream-routes';
import { mountSessionRoutes } from './entry-points/http/session-routes';
import { mountSettingsRoutes } from './entry-points/http/settings-routes';
import { mountSurveyRoutes } from './entry-points/http/survey-routes';
import { mountTypeFinderRoutes } from './entry-points/http/typefinder-routes';
import { mountUserRoutes } from './entry-points/http/user-routes';
import { mountWithdrawRoutes } from './entry-points/http/withdraw-routes';
import { scheduleAdminRowsPasses } from './entry-points/jobs/admin-rows-passes';
import { scheduleMemberReconciliation } from './entry-points/jobs/member-reconciliation';
import { openHumansClient } from './open-humans-adapter';

type Ctx = ServiceContext<ParticipantsConfig>;

/**
 * The consent versions, with the newest version's number shared in Redis so every instance reads
 * the list only when it changed. The key is scoped to the deployment (its exchange and database),
 * as the admin counters are: two stacks sharing a Redis never share it.
 */
export function consentVersionsRepository(ctx: ServiceContext<ParticipantsConfig>): ConsentVersionsRepository {
  const key = `consent:${ctx.config.EVENTS_EXCHANGE}:${ctx.config.MONGO_DB}:latest-seq`;
  return new ConsentVersionsRepository(ctx.db, { redis: ctx.redis, key });
}

/** The admin use cases' dependencies for one service context. */
export function adminDeps(ctx: Ctx): AdminDeps {
  return {
    service: ctx.service,
    rows: new AdminRows(ctx.db, ctx.lock),
    mbtiScores: new MbtiScoresRepository(ctx.db),
    lock: ctx.lock,
    nudgeOutbox: (collection, id) => ctx.nudgeOutbox(collection, id),
    auditLog: new AuditLogRepository(ctx.db),
    auditSecrets: configuredSecrets(ctx.config),
    pseudonymOf: studyPseudonyms(parseEncryptionKey(ctx.config.TOKEN_ENCRYPTION_KEY) as Buffer),
    logger: ctx.logger,
    now: () => new Date(),
  };
}

/** Who may call what on the study team's routes: one guard per running service (staff sessions, master key, download links). */
const adminAccesses = new WeakMap<Ctx, ReturnType<typeof adminAccess>>();

/** The deployment's Redis key prefix: two deployments or test stacks sharing a Redis never share a counter or a session. */
const adminPrefix = (config: ParticipantsConfig): string => `admin:${config.EVENTS_EXCHANGE}:${config.MONGO_DB}:`;

function staffAccounts(ctx: Ctx): StaffAccountsRepository {
  return new StaffAccountsRepository(ctx.db, TokenCipher.fromConfig(ctx.config.TOKEN_ENCRYPTION_KEY));
}

function staffSessions(ctx: Ctx): StaffSessions {
  return new StaffSessions(ctx.redis, `${adminPrefix(ctx.config)}staff:`);
}

/** The admin guard and its refusal by role, built once per service context. */
export function adminAccessOf(ctx: Ctx): ReturnType<typeof adminAccess> {
  let access = adminAccesses.get(ctx);
  if (!access) {
    const { config } = ctx;
    const prefix = adminPrefix(config);
    const base = adminDeps(ctx);
    access = adminAccess({
      masterKey: config.ADMIN_MASTER_KEY,
      accounts: staffAccounts(ctx),
      sessions: staffSessions(ctx),
      masterKeyLockout: createLoginLockout(ctx.redis, {
        prefix: `${prefix}master-key:`,
        // The 'account' is the address itself (a right key clears it); no second cap on top of it.
        accountLimit: config.ADMIN_FAILED_ATTEMPTS_LIMIT,
        addressLimit: 1_000_000,
        windowMs: config.ADMIN_RATE_WINDOW_SECONDS * 1000,
        lockMs: config.ADMIN_RATE_WINDOW_SECONDS * 1000,
      }),
      counters: new RedisWindowCounters(ctx.redis, `${prefix}rate:`, config.ADMIN_RATE_WINDOW_SECONDS * 1000),
      callsLimit: config.ADMIN_CALLS_LIMIT,
      signer: DownloadLinkSigner.fromMasterKey(config.ADMIN_MASTER_KEY),
      spentTokens: new SpentTokens(ctx.redis, `${prefix}spent-link:`),
      audit: (req) => ({ ...base, logger: req.log }),
      now: () => new Date(),
    });
    adminAccesses.set(ctx, access);
  }
  return access;
}

/** The admin guard for a route of the contracts' table. */
export function adminGuards(ctx: Ctx): (route: RouteName, proof: AdminProof) => RequestHandler {
  return adminAccessOf(ctx).guard;
}

/** The study team's account use cases' dependencies. */
export function staffDeps(ctx: Ctx): StaffDeps {
  const { config } = ctx;
  // Browsers take a host name as a passkey's relying party, never an IP address: a local stack's passkeys work at localhost.
  const origin = new URL(config.STAFF_WEBAUTHN_ORIGIN ?? config.OH_REDIRECT_URI ?? 'http://localhost:8080').origin;
  return {
    accounts: staffAccounts(ctx),
    sessions: staffSessions(ctx),
    lockout: createLoginLockout(ctx.redis, {
      prefix: `${adminPrefix(config)}staff-sign-in:`,
      accountLimit: config.STAFF_SIGN_IN_ACCOUNT_LIMIT,
      addressLimit: config.STAFF_SIGN_IN_ADDRESS_LIMIT,
    }),
    relyingParty: { id: new URL(origin).hostname, name: 'Personality genetics study', origin },
    auditLog: new AuditLogRepository(ctx.db),
    lock: ctx.lock,
    auditSecrets: configuredSecrets(config),
    logger: ctx.logger,
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/** Who is calling, for the audit entries of a study-team route (the guard has admitted the request). */
const callerOf = (req: Request) => staffCallOf(req).caller;

/**
 * Mounts the admin calls ahead of the JSON body parser, and names the client address from the
 * gateway's X-Forwarded-For (TRUST_PROXY) so the rate limits count per browser, not per gateway.
 */
export function mountAdmin(app: Express, ctx: Ctx): void {
  app.set('trust proxy', ctx.config.TRUST_PROXY);
  const base = adminDeps(ctx);
  const access = adminAccessOf(ctx);
  mountAdminRoutes(app, (req: Request) => ({ ...base, logger: req.log, caller: callerOf(req) }), {
    guard: access.guard,
    refuseByRole: access.refuseByRole,
    signer: DownloadLinkSigner.fromMasterKey(ctx.config.ADMIN_MASTER_KEY),
    mbtiUploadLimit: ctx.config.MBTI_UPLOAD_LIMIT,
  });
  const consent = { consentVersions: consentVersionsRepository(ctx), consentHistory: new ConsentHistoryReader(ctx.db), auditLog: base.auditLog, auditSecrets: base.auditSecrets, now: () => new Date() };
  mountConsentAdminRoutes(app, (req: Request) => ({ ...consent, logger: req.log, caller: callerOf(req) }), access.guard);
  mountAuditRoutes(app, (req: Request) => ({ ...base, logger: req.log, caller: callerOf(req) }), { guard: access.guard });
  const staff = staffDeps(ctx);
  mountStaffRoutes(app, (req: Request) => ({ ...staff, logger: req.log }), access.guard);
}

export function reminderDeps(ctx: Ctx, ports: ReminderParticipantPorts): ReminderDeps {
  const { config } = ctx;
  return {
    ...ports,
    awaiting: AwaitingSteps.fromDb(ctx.db),
    reminders: new RemindersRepository(ctx.db),
    // Scoped to the deployment (its exchange and database), like the admin rate limits.
    gate: new IntervalGate(ctx.redis, `admin:${config.EVENTS_EXCHANGE}:${config.MONGO_DB}:reminder-send`, config.REMINDER_SEND_INTERVAL_SECONDS * 1000),
    openHumans: openHumansClient(config),
    lock: ctx.lock,
    auditLog: new AuditLogRepository(ctx.db),
    auditSecrets: configuredSecrets(config),
    maxPerSend: config.REMINDER_MAX_MEMBERS,
    sendIntervalSeconds: config.REMINDER_SEND_INTERVAL_SECONDS,
    logger: ctx.logger,
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/** Before traffic: the step index, and the step fields of documents written before they existed (once per database). */
export async function prepareReminders(ctx: Ctx): Promise<void> {
  const awaiting = AwaitingSteps.fromDb(ctx.db);
  await awaiting.ensureIndex();
  await backfillAwaitingSteps({ awaiting, reminders: new RemindersRepository(ctx.db), lock: ctx.lock, logger: ctx.logger, now: () => new Date() });
}

/** Mounts the reminder calls ahead of the JSON body parser, behind the admin guard. */
export function mountReminders(app: Express, ctx: Ctx, ports: ReminderParticipantPorts): void {
  const base = reminderDeps(ctx, ports);
  mountReminderRoutes(app, (req: Request) => ({ ...base, logger: req.log, caller: callerOf(req) }), adminGuards(ctx));
}

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
      await staffAccounts(ctx).ensureIndexes();
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
        memberLeft: async ({ pgId, memberId }) => {
          await leaveStudy(participantsDeps(ctx), { pgId, memberId, erase: false, initiatedBy: 'open-humans' });
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
      mountResultsStreamRoutes(app, deps, resultsChannel(ctx), streams, ctx.metrics);
      mountTypeFinderRoutes(app, deps, { webhookSecret: config.TYPEFINDER_WEBHOOK_SECRET, adminGuard: adminGuards(ctx)('importTypeFinderResults', { kind: 'session' }) });
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
