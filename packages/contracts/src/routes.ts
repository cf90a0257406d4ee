export type ServiceName = 'participants' | 'scoring' | 'reports';
export type HttpMethod = 'GET' | 'POST';

/**
 * Who may call a route (architecture.md, 'Who may call what'):
 * - participant: the participant's own session (a browser-bound cookie, see
 *   @study/participant-session) for the study ID the call names, in its path (`:pgId`) or its
 *   JSON body (`pgId`); `recentConfirmation` calls (irreversible or consent-changing) also need
 *   a confirmation with Open Humans in the last 10 minutes. The gateway checks it for every
 *   such route, before the call reaches a service.
 * - study-team: the admin master key (a header, or the path where the spec puts it) or a
 *   signed download link; checked by the owning service.
 * - webhook: an outside party's signed, fresh notice; checked by the owning service.
 * - anyone.
 */
export type RouteAccess =
  | { kind: 'participant'; studyIdIn: 'path' | 'body'; recentConfirmation?: true }
  | { kind: 'study-team' }
  | { kind: 'webhook' }
  | { kind: 'anyone' };

export interface ApiRoute {
  service: ServiceName;
  method: HttpMethod;
  /** Express-style path, e.g. '/api/user/report/:pgId'. */
  path: string;
  access: RouteAccess;
  /** Path parameters that carry a secret and must never be logged. */
  secretParams?: readonly string[];
  /** The answer is a long-lived text/event-stream: no answer timeout, no buffering on the way. */
  stream?: boolean;
}

/** What every public route's path starts with ('/api/...'): where the gateway mounts its API router. */
export const API_PREFIX = '/api';

const participantByBody: RouteAccess = { kind: 'participant', studyIdIn: 'body' };
const participantByPath: RouteAccess = { kind: 'participant', studyIdIn: 'path' };
const participantRecentlyConfirmed: RouteAccess = { kind: 'participant', studyIdIn: 'body', recentConfirmation: true };
const studyTeam: RouteAccess = { kind: 'study-team' };
const webhook: RouteAccess = { kind: 'webhook' };
const anyone: RouteAccess = { kind: 'anyone' };

/**
 * Which service answers which public /api call, and who may call it: the calls of product.md
 * section 7, the two webhooks of domain.md, the TypeFinder CSV import, the admin tools'
 * enrollment figures and download links, the frontends' settings, the start of the Open Humans
 * authorization, the participant's session (confirming who they are, signing out) and result stream (Server-Sent Events: the Nardi
 * result, final type and report as they are stored). Services mount these exact paths; the
 * gateway forwards by them and checks participant access by them.
 */
export const apiRoutes: readonly ApiRoute[] = [
  { service: 'participants', method: 'POST', path: '/api/user', access: participantByBody },
  { service: 'participants', method: 'POST', path: '/api/user/survey', access: participantByBody },
  { service: 'participants', method: 'POST', path: '/api/user/survey/upd', access: participantByBody },
  { service: 'participants', method: 'POST', path: '/api/user/reset', access: participantRecentlyConfirmed },
  { service: 'participants', method: 'POST', path: '/api/user/withdraw', access: participantRecentlyConfirmed },
  { service: 'participants', method: 'POST', path: '/api/user/mbti', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/user/tfresult', access: participantByBody },
  { service: 'participants', method: 'GET', path: '/api/authorization', access: anyone },
  { service: 'participants', method: 'POST', path: '/api/consent', access: anyone },
  { service: 'participants', method: 'POST', path: '/api/session', access: anyone },
  { service: 'participants', method: 'POST', path: '/api/session/end', access: anyone },
  { service: 'participants', method: 'GET', path: '/api/ohready/:masterKey', access: studyTeam, secretParams: ['masterKey'] },
  { service: 'participants', method: 'GET', path: '/api/stats', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/typefinder/results', access: webhook },
  { service: 'participants', method: 'POST', path: '/api/typefinder/import', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/openhumans/deauthorize', access: webhook },
  { service: 'participants', method: 'GET', path: '/api/settings', access: anyone },
  { service: 'participants', method: 'GET', path: '/api/admin/enrollment', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/admin/download-links', access: studyTeam },
  { service: 'participants', method: 'GET', path: '/api/admin/audit', access: studyTeam },
  { service: 'participants', method: 'GET', path: '/api/admin/audit/export', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/admin/reminders/preview', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/admin/reminders/send', access: studyTeam },
  { service: 'participants', method: 'GET', path: '/api/admin/analysis-export', access: studyTeam },
  { service: 'participants', method: 'GET', path: '/api/admin/analysis-export/dictionary', access: studyTeam },
  { service: 'participants', method: 'GET', path: '/api/user/events/:pgId', access: participantByPath, stream: true },
  { service: 'participants', method: 'GET', path: '/api/consent/text', access: anyone },
  { service: 'participants', method: 'POST', path: '/api/consent/renew', access: participantRecentlyConfirmed },
  { service: 'participants', method: 'GET', path: '/api/consent/pdf/:pgId', access: participantByPath },
  { service: 'participants', method: 'GET', path: '/api/admin/consent-versions', access: studyTeam },
  { service: 'participants', method: 'POST', path: '/api/admin/consent-versions', access: studyTeam },
  { service: 'scoring', method: 'POST', path: '/api/user/nardi', access: participantByBody },
  { service: 'scoring', method: 'POST', path: '/api/user/nardi/final', access: participantByBody },
  { service: 'scoring', method: 'POST', path: '/api/user/survey/final', access: participantByBody },
  { service: 'reports', method: 'POST', path: '/api/user/nardi/report', access: participantByBody },
  { service: 'reports', method: 'GET', path: '/api/user/report/:pgId', access: participantByPath },
];

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
export function matchApiRoute(path: string, method?: string): ApiRoute | undefined {
  const pathname = path.split('?')[0] ?? '';
  const upper = method?.toUpperCase();
  return apiRoutes.find((route) => (upper === undefined || route.method === upper) && pathMatches(route.path, pathname));
}

/**
 * Static prefixes of routes whose path carries a secret (e.g. '/api/ohready/'): anything
 * under them is never logged verbatim, even when it does not match the route exactly.
 */
export const secretPathPrefixes: readonly string[] = apiRoutes
  .filter((route) => route.secretParams && route.secretParams.length > 0)
  .map((route) => route.path.slice(0, route.path.indexOf('/:') + 1));
