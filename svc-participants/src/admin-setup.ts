import type { Express, Request, RequestHandler } from 'express';
import type { ServiceContext } from '@study/service-kit';
import { configuredSecrets, type ParticipantsConfig } from './config';
import { RedisWindowCounters, SpentTokens } from './data-access/admin-limits';
import { AuditLogRepository } from './data-access/audit-log-repository';
import { MbtiScoresRepository } from './data-access/mbti-scores-repository';
import { AdminRows } from './data-access/admin-rows/admin-rows';
import type { AdminDeps } from './domain/admin/deps';
import { DownloadLinkSigner } from './domain/admin/download-links';
import { ConsentHistoryReader } from './data-access/consent-records';
import { consentVersionsRepository } from './consent-setup';
import { adminAccess, type AdminProof } from './entry-points/http/admin-access';
import { mountConsentAdminRoutes } from './entry-points/http/consent-admin-routes';
import { mountAdminRoutes } from './entry-points/http/admin-routes';
import { mountAuditRoutes } from './entry-points/http/audit-routes';
import { studyPseudonyms } from './domain/admin/study-pseudonym';
import { parseEncryptionKey } from './data-access/token-cipher';

type Ctx = ServiceContext<ParticipantsConfig>;

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

/** The admin guard factory: master key, Redis counters per address and route, download links. */
export function adminGuards(ctx: Ctx): (route: string, proof: AdminProof) => RequestHandler {
  const { config } = ctx;
  // Keys are scoped to the deployment (its exchange and database): two deployments or test stacks sharing a Redis never share counters.
  const prefix = `admin:${config.EVENTS_EXCHANGE}:${config.MONGO_DB}:`;
  return adminAccess({
    masterKey: config.ADMIN_MASTER_KEY,
    counters: new RedisWindowCounters(ctx.redis, `${prefix}rate:`, config.ADMIN_RATE_WINDOW_SECONDS * 1000),
    failedAttemptsLimit: config.ADMIN_FAILED_ATTEMPTS_LIMIT,
    callsLimit: config.ADMIN_CALLS_LIMIT,
    signer: DownloadLinkSigner.fromMasterKey(config.ADMIN_MASTER_KEY),
    spentTokens: new SpentTokens(ctx.redis, `${prefix}spent-link:`),
    now: () => new Date(),
  });
}

/**
 * Mounts the admin calls ahead of the JSON body parser, and names the client address from the
 * gateway's X-Forwarded-For (TRUST_PROXY) so the rate limits count per browser, not per gateway.
 */
export function mountAdmin(app: Express, ctx: Ctx): void {
  app.set('trust proxy', ctx.config.TRUST_PROXY);
  const base = adminDeps(ctx);
  mountAdminRoutes(app, (req: Request) => ({ ...base, logger: req.log }), {
    guard: adminGuards(ctx),
    signer: DownloadLinkSigner.fromMasterKey(ctx.config.ADMIN_MASTER_KEY),
    mbtiUploadLimit: ctx.config.MBTI_UPLOAD_LIMIT,
  });
  const consent = { consentVersions: consentVersionsRepository(ctx), consentHistory: new ConsentHistoryReader(ctx.db), auditLog: base.auditLog, auditSecrets: base.auditSecrets, now: () => new Date() };
  mountConsentAdminRoutes(app, (req: Request) => ({ ...consent, logger: req.log }), adminGuards(ctx));
  mountAuditRoutes(app, (req: Request) => ({ ...base, logger: req.log }), { guard: adminGuards(ctx) });
}
