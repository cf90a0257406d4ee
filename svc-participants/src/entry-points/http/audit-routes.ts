import { mount } from '@study/service-kit';
import type { RouteName } from '@study/contracts';
import type { Express, Request, RequestHandler } from 'express';
import { ADMIN_KEY_HEADER, AUDIT_CSV_COLUMNS, auditActionsV1, AUDIT_FILE_NAME, AuditActions, auditFiltersSchema, auditQuerySchema, DOWNLOAD_TOKEN_PARAM, type AuditPage, routes } from '@study/contracts';
import type { AuditDeps } from '../../domain/audit/record-audit';
import { recordAudit } from '../../domain/audit/record-audit';
import { auditRows, filterDetails, listAudit } from '../../domain/audit/audit-trail';
import type { AdminProof } from './admin-access';
import { sendCsv } from './csv-response';

export interface AuditRouteOptions {
  /** The admin guard for a route (adminAccess(...)). */
  guard: (route: RouteName, proof: AdminProof) => RequestHandler;
}

/** The query without the download link's token: what the export's filters are read from. */
function filtersQuery(req: Request): Record<string, unknown> {
  const { [DOWNLOAD_TOKEN_PARAM]: _token, ...rest } = req.query as Record<string, unknown>;
  return rest;
}

/**
 * The audit trail's calls (read only: no route changes or removes an entry). Mounted with the
 * other admin calls ahead of the body parser; the guard refuses a caller without the master
 * key first, and neither call has a body.
 */
export function mountAuditRoutes(app: Express, deps: (req: Request) => AuditDeps, { guard }: AuditRouteOptions): void {
  /** GET /api/admin/audit/entries?action&actor&by&pgId&from&to&before&limit (X-Master-Key): one page, newest first. */
  mount(app, routes.auditTrail, guard('auditTrail', { kind: 'session' }), async (req, res) => {
    const { before, limit, ...filters } = auditQuerySchema.parse(req.query);
    const answer: AuditPage = await listAudit(deps(req), filters, { before, limit });
    res.json(answer);
  });

  /** GET /api/admin/audit: the same, for the admin pages of the earlier release (only the actions they know). */
  mount(app, routes.auditTrailV1, guard('auditTrailV1', { kind: 'session' }), async (req, res) => {
    const { before, limit, ...filters } = auditQuerySchema.parse(req.query);
    const answer: AuditPage = await listAudit(deps(req), filters, { before, limit, actions: auditActionsV1 });
    res.json(answer);
  });

  /** GET /api/admin/audit/export?action&actor&pgId&from&to (X-Master-Key, or a download link): the CSV, itself recorded first. */
  mount(app, routes.auditTrailCsv, guard('auditTrailCsv', { kind: 'link', resource: 'audit' }), async (req, res) => {
    const filters = auditFiltersSchema.parse(filtersQuery(req));
    await recordAudit(deps(req), { action: AuditActions.auditExported, actor: 'admin', details: { ...filterDetails(filters), viaLink: req.get(ADMIN_KEY_HEADER) === undefined } });
    await sendCsv(req, res, AUDIT_FILE_NAME, AUDIT_CSV_COLUMNS, auditRows(deps(req), filters));
  });
}
