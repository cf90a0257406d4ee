import type { z } from 'zod';
import { AUDIT_CSV_COLUMNS, auditPageSchema, auditPageV1Schema, auditQuerySchema } from './audit';
import { downloadLinkRequestSchema, downloadLinkResponseSchema, enrollmentSchema, mbtiUploadRequestSchema, mbtiUploadResponseSchema, ROSTER_CSV_COLUMNS, STATS_CSV_COLUMNS } from './admin';
import { analysisDictionarySchema } from './analysis-export';
import {
  authorizationStartQuerySchema,
  consentRequestSchema,
  consentResponseSchema,
  deauthorizeNoticeSchema,
  deauthorizeResponseSchema,
  sessionEndRequestSchema,
  sessionRequestSchema,
  sessionResponseSchema,
  settingsSchema,
} from './consent';
import {
  consentRenewRequestSchema,
  consentRenewResponseSchema,
  consentTextViewSchema,
  consentVersionsOverviewSchema,
  CONSENT_PDF_FILENAME,
  publishConsentRequestSchema,
  publishConsentResponseSchema,
} from './consent-versions';
import { finalScoreRequestSchema, finalScoreResponseSchema } from './final-score';
import { csv, json, noBody, other, type BodyContract, type JsonBody } from './http-bodies';
import { nardiFinalRequestSchema, nardiFinalResponseSchema, nardiScoresRequestSchema, nardiScoresSchema } from './nardi';
import { nardiReportRequestSchema, nardiReportSchema } from './reports';
import {
  addStaffRequestSchema,
  addStaffResponseSchema,
  changeStaffRoleRequestSchema,
  staffAccountSchema,
  emptyRequestSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRegistrationRequestSchema,
  passkeyRegistrationResponseSchema,
  passkeySignInOptionsSchema,
  passkeySignInRequestSchema,
  staffListSchema,
  staffSessionSchema,
  staffSetupCompleteRequestSchema,
  staffSetupStartRequestSchema,
  staffSetupStartResponseSchema,
  staffSignInRequestSchema,
} from './staff';
import { reminderPreviewRequestSchema, reminderPreviewSchema, reminderSendRequestSchema, reminderSendResponseSchema } from './reminders';
import { saveSurveyRequestSchema, updateSurveysRequestSchema } from './survey-requests';
import { typeFinderClaimRequestSchema, typeFinderClaimResponseSchema, typeFinderImportResponseSchema, typeFinderWebhookBodySchema, typeFinderWebhookResponseSchema } from './typefinder';
import { participantResultsSchema, resetSurveysRequestSchema, RESULTS_EVENT, userRequestSchema, userViewSchema } from './user';
import { withdrawRequestSchema, withdrawResponseSchema } from './withdraw';
import { ERROR_ENVELOPE_MEDIA_TYPE, errorReportReceiptSchema } from './error-reports';

export type ServiceName = 'participants' | 'scoring' | 'reports';
/** Who answers a route: a service (the gateway forwards the call to it) or the gateway itself. */
export type RouteOwner = ServiceName | 'gateway';
export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call a route (architecture.md, 'Who may call what'):
 * - participant: the participant's own session (a browser-bound cookie, see
 *   @study/participant-session) for the study ID the call names, in its path (`:pgId`) or its
 *   JSON body (`pgId`); `recentConfirmation` calls (irreversible or consent-changing) also need
 *   a confirmation with Open Humans in the last 10 minutes. The gateway checks it for every
 *   such route, before the call reaches a service.
 * - study-team: a staff session (a person of the study team signed in, whose role holds the
 *   route's capability, @study/staff-auth), the master key as a break-glass (a header, or the
 *   path where the spec puts it), or a signed download link; checked by the owning service.
 * - webhook: an outside party's signed, fresh notice; checked by the owning service.
 * - anyone.
 */
export type RouteAccess =
  | { kind: 'participant'; studyIdIn: 'path' | 'body'; recentConfirmation?: true }
  | { kind: 'study-team' }
  | { kind: 'webhook' }
  | { kind: 'anyone' };

/** One route of the table, answered by its owner (`service`). */
export interface RouteDefinition<Owner extends RouteOwner = RouteOwner> {
  service: Owner;
  method: HttpMethod;
  /** Express-style path, e.g. '/api/user/report/:pgId'. */
  path: string;
  access: RouteAccess;
  /** One line: what the call does, for the API documentation. */
  summary: string;
  /** The body the service accepts (parsed by the route's mount, see @study/service-kit mount). */
  request: BodyContract;
  /** The success answer; every error answers the Problem Details body (errorBodySchema). */
  response: BodyContract;
  /** The query string, when the call reads one. */
  query?: z.ZodType;
  /** Path parameters that carry a secret and must never be logged. */
  secretParams?: readonly string[];
  /** The answer is a long-lived text/event-stream: no answer timeout, no buffering on the way. */
  stream?: boolean;
}

/** A route a service answers: the gateway forwards it there, the service mounts it. */
export type ApiRoute = RouteDefinition<ServiceName>;
/** A route the gateway answers itself. */
export type GatewayRoute = RouteDefinition<'gateway'>;

/** What every public route's path starts with ('/api/...'): where the gateway mounts its API router. */
export const API_PREFIX = '/api';

/** Keeps a definition's literal types (path, schemas) for the typed client and mount. */
function defineRoute<const R extends RouteDefinition>(route: R): R {
  return route;
}

/** The JSON request body a route takes, as a caller writes it. */
export type RequestBodyOf<R extends RouteDefinition> = R['request'] extends JsonBody<infer S> ? z.input<S> : undefined;
/** The JSON request body a route takes, as the service reads it (after parsing). */
export type ParsedRequestBodyOf<R extends RouteDefinition> = R['request'] extends JsonBody<infer S> ? z.output<S> : undefined;
/** The JSON answer of a route. */
export type ResponseBodyOf<R extends RouteDefinition> = R['response'] extends JsonBody<infer S> ? z.output<S> : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
/** The path parameters of a route, e.g. { pgId: string } for '/api/user/report/:pgId'. */
export type PathParamsOf<R extends RouteDefinition> = { [K in ParamNames<R['path']>]: string };

const participantByBody: RouteAccess = { kind: 'participant', studyIdIn: 'body' };
const participantByPath: RouteAccess = { kind: 'participant', studyIdIn: 'path' };
const participantRecentlyConfirmed: RouteAccess = { kind: 'participant', studyIdIn: 'body', recentConfirmation: true };
const studyTeam: RouteAccess = { kind: 'study-team' };
const webhook: RouteAccess = { kind: 'webhook' };
const anyone: RouteAccess = { kind: 'anyone' };

/**
 * Every public /api call, one definition each: the calls of product.md section 7, the two
 * webhooks of domain.md, the TypeFinder CSV import, the admin tools' enrollment figures and
 * download links, the frontends' settings, the start of the Open Humans authorization, the
 * participant's session and result stream (Server-Sent Events), and the browser's error reports.
 * Services mount exactly theirs (mount, checked at start-up); the gateway forwards them and checks
 * participant access by them, and answers those it owns (`service: 'gateway'`) itself; the
 * browser and the tools call them through @study/api-client; /api/docs describes them all.
 */
export const routes = {
  user: defineRoute({ service: 'participants', method: 'POST', path: '/api/user', access: participantByBody, summary: "The participant's view: surveys, final type, report, Open Humans link.", request: json(userRequestSchema), response: json(userViewSchema) }),
  saveSurvey: defineRoute({ service: 'participants', method: 'POST', path: '/api/user/survey', access: participantByBody, summary: "Saves one survey's status and answers (the four surveys, in order).", request: json(saveSurveyRequestSchema), response: json(userViewSchema) }),
  updateSurveys: defineRoute({ service: 'participants', method: 'POST', path: '/api/user/survey/upd', access: participantByBody, summary: 'Saves several surveys at once (e.g. the Nardi parts).', request: json(updateSurveysRequestSchema), response: json(userViewSchema) }),
  resetSurveys: defineRoute({ service: 'participants', method: 'POST', path: '/api/user/reset', access: participantRecentlyConfirmed, summary: 'Starts surveys over (only where the deployment allows resets).', request: json(resetSurveysRequestSchema), response: json(userViewSchema) }),
  withdraw: defineRoute({ service: 'participants', method: 'POST', path: '/api/user/withdraw', access: participantRecentlyConfirmed, summary: 'Withdraws consent, with or without erasure of the data.', request: json(withdrawRequestSchema), response: json(withdrawResponseSchema) }),
  uploadMbti: defineRoute({ service: 'participants', method: 'POST', path: '/api/user/mbti', access: studyTeam, summary: 'The study team uploads official MBTI scores.', request: json(mbtiUploadRequestSchema), response: json(mbtiUploadResponseSchema) }),
  claimTypeFinderResult: defineRoute({ service: 'participants', method: 'POST', path: '/api/user/tfresult', access: participantByBody, summary: "Takes the TypeFinder result sent for the participant's study e-mail.", request: json(typeFinderClaimRequestSchema), response: json(typeFinderClaimResponseSchema) }),
  startAuthorization: defineRoute({
    service: 'participants',
    method: 'GET',
    path: '/api/authorization',
    access: anyone,
    summary: 'Starts the Open Humans authorization (PKCE): a redirect to Open Humans.',
    request: noBody,
    query: authorizationStartQuerySchema,
    response: other(
      'text/plain',
      'A 302 redirect to the Open Humans authorize page (client_id, response_type=code, state, code_challenge with code_challenge_method=S256, and redirect_uri when configured), setting the HttpOnly cookie that holds the state and the PKCE verifier; the query is authorizationStartQuerySchema.',
    ),
  }),
  consent: defineRoute({ service: 'participants', method: 'POST', path: '/api/consent', access: anyone, summary: 'Records consent with the Open Humans authorization code; opens the session.', request: json(consentRequestSchema), response: json(consentResponseSchema) }),
  confirmSession: defineRoute({ service: 'participants', method: 'POST', path: '/api/session', access: anyone, summary: 'Confirms who a returning participant is through Open Humans; opens the session.', request: json(sessionRequestSchema), response: json(sessionResponseSchema) }),
  endSession: defineRoute({ service: 'participants', method: 'POST', path: '/api/session/end', access: anyone, summary: "Signs out: ends this browser's session.", request: json(sessionEndRequestSchema), response: noBody }),
  roster: defineRoute({ service: 'participants', method: 'GET', path: '/api/ohready/:masterKey', access: studyTeam, secretParams: ['masterKey'], summary: 'The roster CSV (the master key in the path, as the spec has it).', request: noBody, response: csv(ROSTER_CSV_COLUMNS, 'The roster, downloaded as roster.csv') }),
  staffRoster: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/roster', access: studyTeam, summary: 'The roster CSV for a signed-in data manager (through a download link), without typing the master key.', request: noBody, response: csv(ROSTER_CSV_COLUMNS, 'The roster, downloaded as roster.csv') }),
  statistics: defineRoute({ service: 'participants', method: 'GET', path: '/api/stats', access: studyTeam, summary: 'The statistics CSV.', request: noBody, response: csv(STATS_CSV_COLUMNS, 'The statistics, downloaded as statistics.csv') }),
  typeFinderWebhook: defineRoute({ service: 'participants', method: 'POST', path: '/api/typefinder/results', access: webhook, summary: 'TypeFinder sends a result (signed notice).', request: json(typeFinderWebhookBodySchema), response: json(typeFinderWebhookResponseSchema) }),
  importTypeFinderResults: defineRoute({ service: 'participants', method: 'POST', path: '/api/typefinder/import', access: studyTeam, summary: 'The study team imports a TypeFinder results CSV.', request: csv(['email', 'type'], 'The TypeFinder results file'), response: json(typeFinderImportResponseSchema) }),
  openHumansDeauthorized: defineRoute({ service: 'participants', method: 'POST', path: '/api/openhumans/deauthorize', access: webhook, summary: 'Open Humans says a member left the project (signed notice).', request: json(deauthorizeNoticeSchema), response: json(deauthorizeResponseSchema) }),
  settings: defineRoute({ service: 'participants', method: 'GET', path: '/api/settings', access: anyone, summary: "The deployment's settings the pages need.", request: noBody, response: json(settingsSchema) }),
  enrollment: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/enrollment', access: studyTeam, summary: 'Enrollment figures: participants at each step.', request: noBody, response: json(enrollmentSchema) }),
  createDownloadLink: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/download-links', access: studyTeam, summary: 'A signed one-time link to a download, for the browser to follow.', request: json(downloadLinkRequestSchema), response: json(downloadLinkResponseSchema) }),
  auditTrailV1: defineRoute({
    service: 'participants',
    method: 'GET',
    path: '/api/admin/audit',
    access: studyTeam,
    summary: 'One page of the audit trail, filtered, as the admin pages of an earlier release read it: entries of actions added since are left out (GET /api/admin/audit/entries has them all).',
    request: noBody,
    query: auditQuerySchema,
    response: json(auditPageV1Schema),
  }),
  auditTrail: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/audit/entries', access: studyTeam, summary: 'One page of the audit trail, filtered (by person too), each entry naming who did it.', request: noBody, query: auditQuerySchema, response: json(auditPageSchema) }),
  auditTrailCsv: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/audit/export', access: studyTeam, summary: 'The audit trail as CSV, filtered.', request: noBody, query: auditQuerySchema, response: csv(AUDIT_CSV_COLUMNS, 'The audit trail (the filters given), downloaded as audit-trail.csv') }),
  previewReminders: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/reminders/preview', access: studyTeam, summary: 'Who a reminder for a step would reach.', request: json(reminderPreviewRequestSchema), response: json(reminderPreviewSchema) }),
  sendReminders: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/reminders/send', access: studyTeam, summary: 'Sends a reminder through Open Humans.', request: json(reminderSendRequestSchema), response: json(reminderSendResponseSchema) }),
  analysisExport: defineRoute({
    service: 'participants',
    method: 'GET',
    path: '/api/admin/analysis-export',
    access: studyTeam,
    summary: 'The analysis export CSV: one line per participant.',
    request: noBody,
    response: other('text/csv', 'The analysis export, downloaded as analysis-export.csv: a header line, then one line per participant; every column is named in the data dictionary (GET /api/admin/analysis-export/dictionary).'),
  }),
  analysisDictionary: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/analysis-export/dictionary', access: studyTeam, summary: "The analysis export's data dictionary.", request: noBody, response: json(analysisDictionarySchema) }),
  resultsStream: defineRoute({
    service: 'participants',
    method: 'GET',
    path: '/api/user/events/:pgId',
    access: participantByPath,
    stream: true,
    summary: "The participant's results as they are stored (Server-Sent Events).",
    request: noBody,
    response: other('text/event-stream', `Server-Sent Events named "${RESULTS_EVENT}", each data line one JSON message of contentSchema, sent on connect and whenever it changes.`, participantResultsSchema),
  }),
  consentText: defineRoute({ service: 'participants', method: 'GET', path: '/api/consent/text', access: anyone, summary: 'The current consent text and its version.', request: noBody, response: json(consentTextViewSchema) }),
  renewConsent: defineRoute({ service: 'participants', method: 'POST', path: '/api/consent/renew', access: participantRecentlyConfirmed, summary: 'Agrees to a newer consent text.', request: json(consentRenewRequestSchema), response: json(consentRenewResponseSchema) }),
  consentPdf: defineRoute({
    service: 'participants',
    method: 'GET',
    path: '/api/consent/pdf/:pgId',
    access: participantByPath,
    summary: "The participant's copy of their consent, as a PDF.",
    request: noBody,
    response: other('application/pdf', `The participant's copy of their latest consent (version, hash, time, 18+ certification, Open Humans member id and the full text), downloaded as "${CONSENT_PDF_FILENAME}".`),
  }),
  consentVersions: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/consent-versions', access: studyTeam, summary: 'The consent texts published, and who agreed to which.', request: noBody, response: json(consentVersionsOverviewSchema) }),
  publishConsentVersion: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/consent-versions', access: studyTeam, summary: 'Publishes a new consent text.', request: json(publishConsentRequestSchema), response: json(publishConsentResponseSchema) }),
  nardiScores: defineRoute({ service: 'scoring', method: 'POST', path: '/api/user/nardi', access: participantByBody, summary: "The Nardi indicator's part-one scores.", request: json(nardiScoresRequestSchema), response: json(nardiScoresSchema) }),
  nardiFinal: defineRoute({ service: 'scoring', method: 'POST', path: '/api/user/nardi/final', access: participantByBody, summary: "The Nardi indicator's final result.", request: json(nardiFinalRequestSchema), response: json(nardiFinalResponseSchema) }),
  finalScore: defineRoute({ service: 'scoring', method: 'POST', path: '/api/user/survey/final', access: participantByBody, summary: 'The final type, once the three required surveys are done.', request: json(finalScoreRequestSchema), response: json(finalScoreResponseSchema) }),
  nardiReport: defineRoute({ service: 'reports', method: 'POST', path: '/api/user/nardi/report', access: participantByBody, summary: 'The Nardi report.', request: json(nardiReportRequestSchema), response: json(nardiReportSchema) }),
  finalReportPdf: defineRoute({ service: 'reports', method: 'GET', path: '/api/user/report/:pgId', access: participantByPath, summary: 'The final report PDF.', request: noBody, response: other('application/pdf', 'The final report PDF, downloaded as "Final Report.pdf".') }),
  staffSignIn: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/sign-in', access: anyone, summary: 'A person of the study team signs in with e-mail, password and authenticator code; opens the staff session.', request: json(staffSignInRequestSchema), response: json(staffSessionSchema) }),
  passkeySignInOptions: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/sign-in/passkey/options', access: anyone, summary: 'A challenge for signing in with a passkey.', request: json(emptyRequestSchema), response: json(passkeySignInOptionsSchema) }),
  passkeySignIn: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/sign-in/passkey', access: anyone, summary: 'A person of the study team signs in with a passkey; opens the staff session.', request: json(passkeySignInRequestSchema), response: json(staffSessionSchema) }),
  staffSetupStart: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/staff/setup', access: anyone, summary: "Starts a new account's set-up with its one-time code: the authenticator app's secret.", request: json(staffSetupStartRequestSchema), response: json(staffSetupStartResponseSchema) }),
  staffSetupComplete: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/staff/setup/complete', access: anyone, summary: "Finishes a new account's set-up: password and a first authenticator code; opens the staff session.", request: json(staffSetupCompleteRequestSchema), response: json(staffSessionSchema) }),
  staffSession: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/session', access: studyTeam, summary: 'Who is signed in, what their role may do, and the CSRF token.', request: noBody, response: json(staffSessionSchema) }),
  staffSignOut: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/sign-out', access: studyTeam, summary: 'Ends the staff session.', request: json(emptyRequestSchema), response: noBody }),
  passkeyRegistrationOptions: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/passkeys/options', access: studyTeam, summary: 'A challenge for registering a passkey for the signed-in person.', request: json(emptyRequestSchema), response: json(passkeyRegistrationOptionsSchema) }),
  registerPasskey: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/passkeys', access: studyTeam, summary: 'Registers a passkey for the signed-in person.', request: json(passkeyRegistrationRequestSchema), response: json(passkeyRegistrationResponseSchema) }),
  staffList: defineRoute({ service: 'participants', method: 'GET', path: '/api/admin/staff', access: studyTeam, summary: 'The study team: names, e-mails and roles.', request: noBody, response: json(staffListSchema) }),
  addStaff: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/staff', access: studyTeam, summary: 'Adds a person to the study team; answers their one-time set-up code.', request: json(addStaffRequestSchema), response: json(addStaffResponseSchema) }),
  changeStaffRole: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/staff/:staffId/role', access: studyTeam, summary: "Changes a person's role; it applies from their next call.", request: json(changeStaffRoleRequestSchema), response: json(staffAccountSchema) }),
  removeStaff: defineRoute({ service: 'participants', method: 'POST', path: '/api/admin/staff/:staffId/remove', access: studyTeam, summary: 'Removes a person from the study team: their account, sessions and download links stop working at once.', request: json(emptyRequestSchema), response: noBody }),
  reportErrors: defineRoute({
    service: 'gateway',
    method: 'POST',
    path: '/api/error-reports',
    access: anyone,
    summary: "The browser's error reports and sampled performance traces (Sentry envelopes): logged by the gateway, and passed on to Sentry or GlitchTip when a DSN is configured.",
    request: other(
      ERROR_ENVELOPE_MEDIA_TYPE,
      'A Sentry envelope (sent as text/plain or application/x-sentry-envelope, at most 64 KB): newline-delimited JSON, an envelope header line, then for each item a header line ({"type":"event"|"transaction"|...}, optional "length" in bytes) and its payload.',
    ),
    response: json(errorReportReceiptSchema),
  }),
} as const;

export type RouteName = keyof typeof routes;

/** The whole route table as a list, in definition order: what /api/docs describes. */
export const routeTable: readonly RouteDefinition[] = Object.values(routes);

const isServiceRoute = (route: RouteDefinition): route is ApiRoute => route.service !== 'gateway';
const isGatewayRoute = (route: RouteDefinition): route is GatewayRoute => route.service === 'gateway';

/** The routes a service answers (the gateway forwards them), in definition order. */
export const apiRoutes: readonly ApiRoute[] = routeTable.filter(isServiceRoute);

/** The routes the gateway answers itself, in definition order. */
export const gatewayRoutes: readonly GatewayRoute[] = routeTable.filter(isGatewayRoute);

/** The routes one service mounts. */
export function routesOf(service: ServiceName): readonly ApiRoute[] {
  return apiRoutes.filter((route) => route.service === service);
}

/** 'POST /api/user': how a route is named in logs, errors and documents. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** A route's path with its parameters filled in (each encoded), e.g. '/api/user/report/3f…'. */
export function pathOf<R extends RouteDefinition>(route: R, params: PathParamsOf<R>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`${routeKey(route)} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The static part of a route's path before its first parameter, e.g. '/api/ohready' for the roster. */
export function staticPrefixOf(route: RouteDefinition): string {
  const at = route.path.indexOf('/:');
  return at === -1 ? route.path : route.path.slice(0, at);
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function pathMatches(template: string, path: string): boolean {
  const want = splitPath(template);
  const got = splitPath(path);
  if (want.length !== got.length) return false;
  // Static segments compare case-insensitively, as express routes do by default.
  return want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment.toLowerCase() === got[i]?.toLowerCase()));
}

/**
 * The route a request path belongs to (query string ignored), or undefined. Without a
 * method, any method matches: useful to name a path in logs whatever the method.
 */
export function matchApiRoute(path: string, method?: string): RouteDefinition | undefined {
  const pathname = path.split('?')[0] ?? '';
  const upper = method?.toUpperCase();
  return routeTable.find((route) => (upper === undefined || route.method === upper) && pathMatches(route.path, pathname));
}

/**
 * Static prefixes of routes whose path carries a secret (e.g. '/api/ohready/'): anything
 * under them is never logged verbatim, even when it does not match the route exactly.
 */
export const secretPathPrefixes: readonly string[] = routeTable
  .filter((route) => route.secretParams && route.secretParams.length > 0)
  .map((route) => route.path.slice(0, route.path.indexOf('/:') + 1));

/** A request path fit to show or log: under a route whose path carries a secret, the rest is cut. */
export function publicPathOf(path: string): string {
  const pathname = path.split('?')[0] ?? '';
  const secret = secretPathPrefixes.find((prefix) => pathname.toLowerCase().startsWith(prefix.toLowerCase()));
  return secret === undefined ? pathname : `${secret}…`;
}
