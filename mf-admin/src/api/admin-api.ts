import { apiPath, type CallInput } from '@study/api-client';
import { ADMIN_KEY_HEADER, routeKey, type ApiRoute, type PathParamsOf, type ResponseBodyOf } from '@study/contracts';
import { errorMessageFrom } from './error-message';

/** A failed admin call, with the message the admin should read. */
export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * One admin call of the route table (@study/contracts routes) with the key in X-Master-Key: the
 * route's method and address (@study/api-client apiPath), its JSON body if it takes one, the
 * answer parsed by the route's response schema.
 */
export async function adminCall<R extends ApiRoute>(route: R, masterKey: string, input: CallInput<R>): Promise<ResponseBodyOf<R>> {
  const { response: answer } = route;
  if (answer.kind !== 'json') throw new Error(`${routeKey(route)} does not answer JSON: download it from its address`);
  const { body } = input;
  let response: Response;
  try {
    response = await fetch(apiPath(route, (input as { params?: PathParamsOf<R> }).params, input.query), {
      method: route.method,
      headers: { accept: 'application/json', [ADMIN_KEY_HEADER]: masterKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (error) {
    throw new AdminApiError(`Could not reach the server: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) throw new AdminApiError(errorMessageFrom(response.status, text), response.status);
  try {
    return answer.schema.parse(JSON.parse(text)) as ResponseBodyOf<R>;
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
