// The admin API as a test's fakes answer it: fetch is replaced by one that plays the server's
// staff session (the HttpOnly cookie it set, which the page never sees) and calls the fake for
// the route asked for with the request's body, query, path parameters and headers. A study-team
// call needs the session (401 without one, STAFF_SESSION_EXPIRED once it ended) and, for a
// POST, the session's CSRF token in X-CSRF-Token (403 otherwise). A thrown error becomes the
// server's error answer (its status, or 500, its message and code, Retry-After), a StreamedFile a
// file whose body comes in part by part.
import { ErrorCodes, routes, staffSessionSchema, STAFF_CSRF_HEADER, type StaffSessionView } from '@study/contracts';
import { AdminApiError } from '../api/admin-api';
import { staffSession } from './staff-sessions';
import { messageOf } from '../lib/message-of';

type RouteName = keyof typeof routes;
export interface AdminRequest {
  body: unknown;
  query: Record<string, string>;
  params: Record<string, string>;
  headers: Record<string, string>;
}
export type AdminHandler = (request: AdminRequest) => Promise<unknown>;

/** A file answer: its parts as they come in (an async source may hold one back, or throw where the connection breaks). */
export class StreamedFile {
  constructor(
    readonly parts: AsyncIterable<string> | Iterable<string>,
    readonly contentType = 'text/csv; charset=utf-8',
  ) {}
}

/** The server's side of the staff session: the session its cookie holds, and whether it ended. */
export interface FakeStaffServer {
  session: StaffSessionView | null;
  /** The session ended (timed out): the next calls answer 401 STAFF_SESSION_EXPIRED. */
  expire(): void;
}

export type ServedAdminApi = jest.Mock & { server: FakeStaffServer };

/** jsdom has no Response: the parts of one that the admin calls read. */
function answer(status: number, body: unknown, extraHeaders: Record<string, string> = {}): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  const get = (name: string) => headers[name.toLowerCase()] ?? null;
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, headers: { get }, body: null, text: async () => text } as unknown as Response;
}

const refusal = (status: number, code: string, error: string) => answer(status, { error, code, requestId: 'r-test' });

function fileAnswer(file: StreamedFile): Response {
  const encoder = new TextEncoder();
  const parts = (async function* () {
    yield* file.parts;
  })();
  const read = async () => {
    const next = await parts.next();
    return next.done ? { done: true as const, value: undefined } : { done: false as const, value: encoder.encode(next.value) };
  };
  /** The whole body at once, for a reader that does not stream it. */
  const whole = async () => {
    const chunks: Uint8Array[] = [];
    for (let next = await read(); !next.done; next = await read()) chunks.push(next.value);
    const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  };
  const headers = { get: (name: string) => (name.toLowerCase() === 'content-type' ? file.contentType : null) };
  const blob = async () => new Blob([await whole()], { type: file.contentType });
  const arrayBuffer = async () => (await whole()).buffer;
  return { ok: true, status: 200, headers, body: { getReader: () => ({ read }) }, blob, arrayBuffer, text: async () => '' } as unknown as Response;
}

/** The route's path parameters when `pathname` is its address (`/api/ohready/:masterKey`), or null. */
function paramsOf(routePath: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = new RegExp(`^${routePath.replace(/:(\w+)/g, (_match, name: string) => (names.push(name), '([^/]+)'))}$`);
  const match = pattern.exec(pathname);
  return match ? Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')])) : null;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Headers as a plain object, names in lower case. */
function headersOf(init?: RequestInit): Record<string, string> {
  return Object.fromEntries(Object.entries((init?.headers as Record<string, string> | undefined) ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Routes that open a session: what they answer becomes the cookie's session. */
const SIGN_IN_ROUTES: readonly RouteName[] = ['staffSignIn', 'passkeySignIn', 'staffSetupComplete'];

/**
 * Serves the handlers given, by route, through fetch until the test ends, as the server would for
 * a browser signed in with `session` (an owner's unless told; null: nobody signed in). Answers
 * the fetch mock, with the fake server's session state.
 */
export function serveAdminApi(handlers: Partial<Record<RouteName, AdminHandler>>, { session = staffSession('owner') }: { session?: StaffSessionView | null } = {}): ServedAdminApi {
  let expired = false;
  const server: FakeStaffServer = {
    session,
    expire() {
      expired = true;
      server.session = null;
    },
  };
  const defaults: Partial<Record<RouteName, AdminHandler>> = {
    staffSession: async () => server.session,
    staffSignOut: async () => {
      server.session = null;
      return undefined;
    },
  };
  const all = { ...defaults, ...handlers };

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const name = (Object.keys(all) as RouteName[]).find((key) => paramsOf(routes[key].path, url.pathname) !== null && routes[key].method === method);
    if (!name) return answer(404, { error: `No fake for ${method} ${url.pathname} in this test.`, code: 'NOT_FOUND', requestId: 'r-test' });
    const route = routes[name];
    const headers = headersOf(init);
    // The session cookie goes with same-origin calls; the roster's address carries the master key, a download link its token.
    const needsSession = route.access.kind === 'study-team' && name !== 'roster' && !url.searchParams.has('token');
    if (needsSession) {
      const cookieSent = init?.credentials === 'same-origin' || init?.credentials === 'include';
      if (!cookieSent || !server.session) {
        return expired && cookieSent ? refusal(401, ErrorCodes.STAFF_SESSION_EXPIRED, 'Your session has ended: sign in again.') : refusal(401, ErrorCodes.STAFF_SIGN_IN_REQUIRED, 'Sign in to use the study team’s tools.');
      }
      if (method === 'POST' && headers[STAFF_CSRF_HEADER.toLowerCase()] !== server.session.csrfToken) {
        return refusal(403, ErrorCodes.CSRF_TOKEN_INVALID, 'This page’s security token is not right: reload the page.');
      }
    }
    try {
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      const result = await all[name]!({ body, query: Object.fromEntries(url.searchParams), params: paramsOf(route.path, url.pathname) ?? {}, headers });
      if (SIGN_IN_ROUTES.includes(name)) {
        server.session = staffSessionSchema.parse(result);
        expired = false;
      }
      if (result instanceof StreamedFile) return fileAnswer(result);
      return route.response.kind === 'none' ? answer(204, undefined) : answer(200, result);
    } catch (error) {
      const status = error instanceof AdminApiError && error.status !== undefined ? error.status : 500;
      const retryAfter: Record<string, string> = error instanceof AdminApiError && error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {};
      return answer(status, { error: messageOf(error), code: (error instanceof AdminApiError && error.code) || 'INTERNAL', requestId: 'r-test' }, retryAfter);
    }
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return Object.assign(fetchMock, { server });
}

/** The requests the page sent, in order: method, address, headers (names in lower case), JSON body and credentials mode. */
export function requestsOf(fetchMock: jest.Mock): { method: string; url: string; headers: Record<string, string>; body: unknown; credentials?: RequestCredentials }[] {
  return (fetchMock.mock.calls as [string, RequestInit | undefined][]).map(([url, init]) => ({
    method: init?.method ?? 'GET',
    url: String(url),
    headers: headersOf(init),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
    credentials: init?.credentials,
  }));
}
