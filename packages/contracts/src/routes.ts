export type ServiceName = 'participants' | 'scoring' | 'reports';
export type HttpMethod = 'GET' | 'POST';

export interface ApiRoute {
  service: ServiceName;
  method: HttpMethod;
  /** Express-style path, e.g. '/api/user/report/:pgId'. */
  path: string;
  /** Path parameters that carry a secret and must never be logged. */
  secretParams?: readonly string[];
  /** The answer is a long-lived text/event-stream: no answer timeout, no buffering on the way. */
  stream?: boolean;
}

/**
 * Which service answers which public /api call: the calls of product.md section 7, the
 * two webhooks of domain.md, the TypeFinder CSV import, the admin tools' enrollment figures and
 * download links, the frontends' settings, and the participant's result stream (Server-Sent
 * Events: the Nardi result, final type and report as they are stored). Services mount these exact paths;
 * the gateway forwards by them.
 */
export const apiRoutes: readonly ApiRoute[] = [
  { service: 'participants', method: 'POST', path: '/api/user' },
  { service: 'participants', method: 'POST', path: '/api/user/survey' },
  { service: 'participants', method: 'POST', path: '/api/user/survey/upd' },
  { service: 'participants', method: 'POST', path: '/api/user/reset' },
  { service: 'participants', method: 'POST', path: '/api/user/withdraw' },
  { service: 'participants', method: 'POST', path: '/api/user/mbti' },
  { service: 'participants', method: 'POST', path: '/api/user/tfresult' },
  { service: 'participants', method: 'POST', path: '/api/consent' },
  { service: 'participants', method: 'GET', path: '/api/ohready/:masterKey', secretParams: ['masterKey'] },
  { service: 'participants', method: 'GET', path: '/api/stats' },
  { service: 'participants', method: 'POST', path: '/api/typefinder/results' },
  { service: 'participants', method: 'POST', path: '/api/typefinder/import' },
  { service: 'participants', method: 'POST', path: '/api/openhumans/deauthorize' },
  { service: 'participants', method: 'GET', path: '/api/settings' },
  { service: 'participants', method: 'GET', path: '/api/admin/enrollment' },
  { service: 'participants', method: 'POST', path: '/api/admin/download-links' },
  { service: 'participants', method: 'GET', path: '/api/admin/audit' },
  { service: 'participants', method: 'GET', path: '/api/admin/audit/export' },
  { service: 'participants', method: 'POST', path: '/api/admin/reminders/preview' },
  { service: 'participants', method: 'POST', path: '/api/admin/reminders/send' },
  { service: 'participants', method: 'GET', path: '/api/admin/analysis-export' },
  { service: 'participants', method: 'GET', path: '/api/admin/analysis-export/dictionary' },
  { service: 'participants', method: 'GET', path: '/api/user/events/:pgId', stream: true },
  { service: 'participants', method: 'GET', path: '/api/consent/text' },
  { service: 'participants', method: 'POST', path: '/api/consent/renew' },
  { service: 'participants', method: 'GET', path: '/api/consent/pdf/:pgId' },
  { service: 'participants', method: 'GET', path: '/api/admin/consent-versions' },
  { service: 'participants', method: 'POST', path: '/api/admin/consent-versions' },
  { service: 'scoring', method: 'POST', path: '/api/user/nardi' },
  { service: 'scoring', method: 'POST', path: '/api/user/nardi/final' },
  { service: 'scoring', method: 'POST', path: '/api/user/survey/final' },
  { service: 'reports', method: 'POST', path: '/api/user/nardi/report' },
  { service: 'reports', method: 'GET', path: '/api/user/report/:pgId' },
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
