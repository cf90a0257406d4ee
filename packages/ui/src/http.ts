/** A failed call to the study's API, with the message the server gave for people to read. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** The HTTP status; undefined when no answer arrived. */
    readonly status?: number,
    /** The error body's `code`, when there was one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the study server. Check your connection and try again.';
export const UNREADABLE_ANSWER_MESSAGE = 'The study server sent an answer this page cannot read.';

export interface RequestJsonOptions<T> {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Checks the answer's shape, e.g. `userViewSchema.parse`; throws on a mismatch. */
  parse: (json: unknown) => T;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** More request headers (a tool's session cookie or the master key). */
  headers?: Record<string, string>;
}

/** An answer with no readable message: what the page says instead (default: the status line). */
type FallbackMessage = (response: Response) => string;
const statusLine: FallbackMessage = (response) => `The study server answered ${response.status} ${response.statusText}`.trim();

async function errorFrom(response: Response, fallback: FallbackMessage = statusLine): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof json.error === 'string' && json.error.trim() !== '') {
      return new ApiError(json.error, response.status, typeof json.code === 'string' ? json.code : undefined);
    }
  } catch {
    // Not JSON: a proxy's error page, for example. Its text is better than nothing if it is short.
  }
  const plain = text.trim();
  const message = plain !== '' && plain.length <= 300 && !plain.startsWith('<') ? plain : fallback(response);
  return new ApiError(message, response.status);
}

/** Calls the study's API with JSON in and out; failures become ApiError with the server's message. */
export async function requestJson<T>(path: string, options: RequestJsonOptions<T>): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, parse, signal, fetchImpl = fetch, headers = {} } = options;
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await errorFrom(response);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(UNREADABLE_ANSWER_MESSAGE, response.status);
  }
  try {
    return parse(json);
  } catch {
    throw new ApiError(UNREADABLE_ANSWER_MESSAGE, response.status);
  }
}

export interface RequestFileOptions {
  /** The media type asked for, e.g. application/pdf. */
  accept: string;
  /** What the file is, for the message when the answer says nothing readable: 'The report'. */
  what: string;
  fetchImpl?: typeof fetch;
}

/**
 * Downloads a file from the study's API as a Blob, in the page (not a navigation), so a refusal
 * or failure becomes an ApiError with the server's message, shown in the app.
 */
export async function requestFile(path: string, { accept, what, fetchImpl = fetch }: RequestFileOptions): Promise<Blob> {
  let response: Response;
  try {
    response = await fetchImpl(path, { headers: { accept }, cache: 'no-store' });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await errorFrom(response, (answer) => `${what} could not be downloaded: ${statusLine(answer).replace(/^The study/, 'the study')}`);
  return response.blob();
}
