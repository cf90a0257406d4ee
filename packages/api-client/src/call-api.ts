import { pathOf, type ApiRoute, type PathParamsOf, type RequestBodyOf, type ResponseBodyOf } from '@study/contracts';
import { requestJson } from '@study/ui';

type NoParams = Record<never, string>;

/** What a call needs besides its route: its path parameters, its JSON body and its query, each typed by the route. */
export type CallInput<R extends ApiRoute> = (keyof PathParamsOf<R> extends never ? { params?: NoParams } : { params: PathParamsOf<R> }) &
  (RequestBodyOf<R> extends undefined ? { body?: undefined } : { body: RequestBodyOf<R> }) & { query?: Record<string, string | undefined> };

export interface CallOptions {
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Where the API is, for a caller outside the page (a browser test, the bench): e.g. http://127.0.0.1:8080. The page calls its own origin. */
  baseUrl?: string;
  /** More request headers: a tool's session cookie, the study team's master key. */
  headers?: Record<string, string>;
}

/** A route's address with its parameters and query filled in, e.g. for a download link or an EventSource. */
export function apiPath<R extends ApiRoute>(route: R, params?: PathParamsOf<R>, query?: Record<string, string | undefined>): string {
  const path = pathOf(route, (params ?? {}) as PathParamsOf<R>);
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * Calls one route of the table with JSON in and out: the answer is checked against the route's
 * response schema, and a failure becomes an ApiError with the server's message (@study/ui).
 */
export function callApi<R extends ApiRoute>(route: R, input: CallInput<R>, options: CallOptions = {}): Promise<ResponseBodyOf<R>> {
  const { response } = route;
  if (response.kind !== 'json') throw new Error(`${route.method} ${route.path} answers ${response.kind === 'other' ? response.mediaType : 'no content'}: use apiPath for it`);
  const path = apiPath(route, (input as { params?: PathParamsOf<R> }).params, input.query);
  return requestJson(`${options.baseUrl ?? ''}${path}`, {
    method: route.method,
    body: input.body,
    parse: (json) => response.schema.parse(json) as ResponseBodyOf<R>,
    signal: options.signal,
    fetchImpl: options.fetchImpl,
    headers: options.headers,
  });
}
