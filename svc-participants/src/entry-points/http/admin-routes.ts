import type { ErrorRequestHandler, Express, Request, RequestHandler } from 'express';
import {
  ADMIN_KEY_HEADER,
  AuditActions,
  ANALYSIS_DICTIONARY_FILE_NAME,
  ANALYSIS_EXPORT_FILE_NAME,
  DOWNLOAD_LINK_TTL_SECONDS,
  DOWNLOAD_TOKEN_PARAM,
  ROSTER_CSV_COLUMNS,
  ROSTER_FILE_NAME,
  STATS_CSV_COLUMNS,
  STATS_FILE_NAME,
  type DownloadLinkResponse,
  type AnalysisDictionary,
  type DownloadResource,
  type Enrollment,
  type MbtiUploadResponse,
  routes,
  staticPrefixOf,
  type RouteName,
} from '@study/contracts';
import { AppError, jsonBody, mount } from '@study/service-kit';
import { countEnrollment, exportRows, rosterRows, statisticsRows } from '../../domain/admin/admin-files';
import { EXPORT_HEADER } from '../../domain/admin/analysis-export/columns';
import { dataDictionary } from '../../domain/admin/analysis-export/dictionary';
import { recordAudit } from '../../domain/audit/record-audit';
import type { AdminDeps } from '../../domain/admin/deps';
import type { DownloadLinkSigner } from '../../domain/admin/download-links';
import { uploadMbtiScores } from '../../domain/admin/upload-mbti-scores';
import { can, downloadCapability } from '@study/staff-auth';
import { staffCallOf, type AdminProof, type RefuseByRole } from './admin-access';
import { sendCsv } from './csv-response';

export interface AdminRouteOptions {
  /** The admin guard for a route (adminAccess(...)). */
  guard: (route: RouteName, proof: AdminProof) => RequestHandler;
  signer: DownloadLinkSigner;
  /** The largest MBTI upload body, in bytes. */
  mbtiUploadLimit: number;
  /** Refuses a call the person's role may not make, recorded (the guard's own refusal). */
  refuseByRole: RefuseByRole;
}

/** Where each download link leads. */
const DOWNLOAD_PATHS: Record<DownloadResource, string> = {
  stats: routes.statistics.path,
  audit: routes.auditTrailCsv.path,
  export: routes.analysisExport.path,
  dictionary: routes.analysisDictionary.path,
  roster: routes.staffRoster.path,
};

/** The query a link adds after its token: the audit export's filters (checked by the schema). */
function linkQuery(filters: Readonly<Record<string, string | undefined>> | undefined): string {
  return Object.entries(filters ?? {})
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([name, value]) => `&${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('');
}

/**
 * A key in the path that is not valid percent-encoding fails in the router, whose error message
 * quotes the raw parameter: answered here as a plain refusal, so the text is never logged.
 */
const keyPathDecodeError: ErrorRequestHandler = (err, _req, _res, next) => {
  const status = (err as { status?: unknown } | null)?.status;
  next(err instanceof URIError || status === 400 ? new AppError(400, 'BAD_REQUEST', 'The master key in the address could not be read.') : err);
};

/**
 * The study team's calls. Mounted ahead of the service's JSON body parser: the guard refuses a
 * caller without the master key before any body is read, and the MBTI upload reads its larger
 * body itself.
 */
export function mountAdminRoutes(app: Express, deps: (req: Request) => AdminDeps, options: AdminRouteOptions): void {
  const { guard } = options;

  /** POST /api/user/mbti (X-Master-Key): {pgId: scores} -> the five counts and the unknown study IDs. */
  mount(app, routes.uploadMbti, guard('uploadMbti', { kind: 'session' }), ...jsonBody({ limit: options.mbtiUploadLimit }), async (req, res, body) => {
    const rows = body;
    const answer: MbtiUploadResponse = await uploadMbtiScores(deps(req), rows);
    res.json(answer);
  });

  /** GET /api/stats (X-Master-Key, or a download link): the statistics CSV. */
  mount(app, routes.statistics, guard('statistics', { kind: 'link', resource: 'stats' }), async (req, res) => {
    await recordAudit(deps(req), { action: AuditActions.statisticsDownloaded, actor: 'admin', details: { viaLink: req.get(ADMIN_KEY_HEADER) === undefined } });
    await sendCsv(req, res, STATS_FILE_NAME, STATS_CSV_COLUMNS, statisticsRows(deps(req)));
  });

  /** GET /api/ohready/{masterKey}: the roster CSV. */
  mount(app, routes.roster, guard('roster', { kind: 'path', param: 'masterKey' }), async (req, res) => {
    await recordAudit(deps(req), { action: AuditActions.rosterDownloaded, actor: 'admin' });
    await sendCsv(req, res, ROSTER_FILE_NAME, ROSTER_CSV_COLUMNS, rosterRows(deps(req)));
  });
  app.use(staticPrefixOf(routes.roster), keyPathDecodeError);

  /** GET /api/admin/roster (a download link, a staff session, or X-Master-Key): the roster CSV without typing the key. */
  mount(app, routes.staffRoster, guard('staffRoster', { kind: 'link', resource: 'roster' }), async (req, res) => {
    await recordAudit(deps(req), { action: AuditActions.rosterDownloaded, actor: 'admin', details: { viaLink: req.get(ADMIN_KEY_HEADER) === undefined } });
    await sendCsv(req, res, ROSTER_FILE_NAME, ROSTER_CSV_COLUMNS, rosterRows(deps(req)));
  });

  /** GET /api/admin/analysis-export (X-Master-Key, or a download link): the analysis export CSV, streamed from cursors. */
  mount(app, routes.analysisExport, guard('analysisExport', { kind: 'link', resource: 'export' }), async (req, res) => {
    await recordAudit(deps(req), { action: AuditActions.analysisExportDownloaded, actor: 'admin', details: { file: 'export', viaLink: req.get(ADMIN_KEY_HEADER) === undefined } });
    await sendCsv(req, res, ANALYSIS_EXPORT_FILE_NAME, EXPORT_HEADER, exportRows(deps(req)));
  });

  /** GET /api/admin/analysis-export/dictionary (X-Master-Key, or a download link): the export's data dictionary (JSON). */
  mount(app, routes.analysisDictionary, guard('analysisDictionary', { kind: 'link', resource: 'dictionary' }), async (req, res) => {
    await recordAudit(deps(req), { action: AuditActions.analysisExportDownloaded, actor: 'admin', details: { file: 'dictionary', viaLink: req.get(ADMIN_KEY_HEADER) === undefined } });
    const answer: AnalysisDictionary = dataDictionary(deps(req).now());
    res.setHeader('Content-Disposition', `attachment; filename="${ANALYSIS_DICTIONARY_FILE_NAME}"`);
    res.json(answer);
  });

  /** GET /api/admin/enrollment (X-Master-Key): participants by final type and by step. */
  mount(app, routes.enrollment, guard('enrollment', { kind: 'session' }), async (req, res) => {
    await recordAudit(deps(req), { action: AuditActions.enrollmentViewed, actor: 'admin' });
    const answer: Enrollment = await countEnrollment(deps(req));
    res.json(answer);
  });

  /** POST /api/admin/download-links {resource, filters?} (X-Master-Key): a one-time link valid for a minute (the audit export's with its filters). */
  mount(app, routes.createDownloadLink, guard('createDownloadLink', { kind: 'session' }), ...jsonBody({ limit: '1kb' }), async (req, res, body) => {
    const { resource, filters } = body;
    if (filters && resource !== 'audit') throw new AppError(400, 'VALIDATION_FAILED', 'Invalid request: filters are taken by the audit export only (resource "audit").');
    const { caller, account } = staffCallOf(req);
    // A link opens one file: asking for it needs that file's capability (a viewer gets the audit export's, not the statistics').
    const capability = downloadCapability(resource);
    if (account && !can(account.role, capability)) await options.refuseByRole(req, 'createDownloadLink', account, capability);
    const { token, claims } = options.signer.sign(resource, caller.kind === 'staff' ? caller.staffId : 'master-key', deps(req).now(), DOWNLOAD_LINK_TTL_SECONDS);
    const answer: DownloadLinkResponse = {
      url: `${DOWNLOAD_PATHS[resource]}?${DOWNLOAD_TOKEN_PARAM}=${encodeURIComponent(token)}${linkQuery(filters)}`,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
    };
    res.json(answer);
  });
}
