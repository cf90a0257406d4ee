import type { Express, Request, RequestHandler } from 'express';
import { AuditActions, type ConsentVersionsOverview, type PublishConsentResponse, routes } from '@study/contracts';
import { jsonBody, mount } from '@study/service-kit';
import { recordAudit, type AuditDeps } from '../../domain/audit/record-audit';
import { consentVersionsOverview, publishConsentText, type ConsentOverviewDeps } from '../../domain/consent/consent-versions';
import type { RouteName } from '@study/contracts';
import type { AdminProof } from './admin-access';

/** The largest consent text body (the text is at most 100,000 characters, JSON-escaped and UTF-8). */
const PUBLISH_BODY_LIMIT = '512kb';

/**
 * The study team's consent calls. Mounted ahead of the JSON body parser with the other admin
 * calls: the guard refuses a caller without the master key before any body is read.
 */
export function mountConsentAdminRoutes(app: Express, deps: (req: Request) => ConsentOverviewDeps & AuditDeps, guard: (route: RouteName, proof: AdminProof) => RequestHandler): void {
  /** GET /api/admin/consent-versions (X-Master-Key): every version, who agreed to which, and how many must agree again. */
  mount(app, routes.consentVersions, guard('consentVersions', { kind: 'session' }), async (req, res) => {
    const answer: ConsentVersionsOverview = await consentVersionsOverview(deps(req));
    res.set('Cache-Control', 'no-store').json(answer);
  });

  /** POST /api/admin/consent-versions {text} (X-Master-Key): publish a new consent text (the current text again changes nothing). */
  mount(app, routes.publishConsentVersion, guard('publishConsentVersion', { kind: 'session' }), ...jsonBody({ limit: PUBLISH_BODY_LIMIT }), async (req, res, body) => {
    const { text } = body;
    const d = deps(req);
    const answer: PublishConsentResponse = await publishConsentText(d, text);
    d.logger.info({ outcome: answer.outcome, consentVersionId: answer.version.versionId, hash: answer.version.hash }, 'consent text published');
    // One entry per version, whatever the outcome: publishing the same text again (say, after a
    // 503 here) records the version that is current if its entry is missing, and nothing twice.
    await recordAudit(d, {
      id: `consent-version:${answer.version.hash}`,
      action: AuditActions.consentTextPublished,
      actor: 'admin',
      details: { consentVersion: answer.version.versionId, hash: answer.version.hash },
    });
    res.set('Cache-Control', 'no-store').json(answer);
  });
}
