import { apiPath, type CallInput } from '@study/api-client';
import { ErrorCodes, routeKey, STAFF_CSRF_HEADER, type ApiRoute, type PathParamsOf, type ResponseBodyOf } from '@study/contracts';
import { errorCodeFrom, errorMessageFrom } from './error-message';
import { messageOf } from '../lib/message-of';

/** A failed admin call, with the message the admin should read, and what the server said of it. */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    message: string,
    readonly status?: number,
    /** The error body's code, e.g. STAFF_SESSION_EXPIRED. */
    readonly code?: string,
    /** Retry-After of a refusal for too many attempts, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What a route answers: its JSON, or nothing for a route without a body (204). */
export type AdminAnswer<R extends ApiRoute> = R['response'] extends { kind: 'none' } ? undefined : ResponseBodyOf<R>;

/**
 * What a call carries of the staff session: the session's CSRF token (sent with every POST), and
 * who to tell when the server says the session is gone or the token is not the session's.
 */
export interface StaffCredentials {
  csrfToken?: string;
  /** A 401: nobody is signed in (any more), or the session ended. */
  onSignedOut?: (error: AdminApiError) => void;
  /** A 403 CSRF_TOKEN_INVALID: the page's token is not its session's (signed in again in another tab). */
  onCsrfRejected?: (error: AdminApiError) => void;
}

/** The admin calls of the page, carrying the signed-in person's session (session/, useAdminClient). */
export interface AdminClient {
  call<R extends ApiRoute>(route: R, input: CallInput<R>): Promise<AdminAnswer<R>>;
}

function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers?.get?.('retry-after') ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * One admin call of the route table (@study/contracts routes): the route's method and address
 * (@study/api-client apiPath), its JSON body if it takes one, the answer parsed by the route's
 * response schema. The staff session travels in its HttpOnly cookie (same origin), the CSRF
 * token in X-CSRF-Token with every POST; the page never holds a key or a session token.
 */
export async function adminCall<R extends ApiRoute>(route: R, input: CallInput<R>, credentials: StaffCredentials = {}): Promise<AdminAnswer<R>> {
  const { response: answer } = route;
  if (answer.kind === 'other') throw new Error(`${routeKey(route)} does not answer JSON: download it from its address`);
  const { body } = input;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (route.method === 'POST' && credentials.csrfToken) headers[STAFF_CSRF_HEADER] = credentials.csrfToken;
  let response: Response;
  try {
    response = await fetch(apiPath(route, (input as { params?: PathParamsOf<R> }).params, input.query), {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new AdminApiError(`Could not reach the server: ${messageOf(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    const error = new AdminApiError(errorMessageFrom(response.status, text), response.status, errorCodeFrom(text), retryAfterOf(response));
    if (response.status === 401) credentials.onSignedOut?.(error);
    if (response.status === 403 && error.code === ErrorCodes.CSRF_TOKEN_INVALID) credentials.onCsrfRejected?.(error);
    throw error;
  }
  if (answer.kind === 'none') return undefined as AdminAnswer<R>;
  try {
    return answer.schema.parse(JSON.parse(text)) as AdminAnswer<R>;
  } catch {
    throw new AdminApiError('The server sent an answer this page cannot read.', response.status);
  }
}

/**
 * Starts a browser download from a same-origin address (the file streams to disk; nothing is
 * held in the page). The server names the file.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noreferrer';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
