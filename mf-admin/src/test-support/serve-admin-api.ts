// The admin API as a test's fakes answer it: fetch is replaced by one that calls the fake for the
// route asked for with the master key sent and the request's body and query; a thrown error
// becomes the server's error answer (its status, or 500, and its message), a StreamedFile a file
// whose body comes in part by part.
import { ADMIN_KEY_HEADER, routes } from '@study/contracts';
import { AdminApiError } from '../api/admin-api';

type RouteName = keyof typeof routes;
export type AdminHandler = (masterKey: string, input: { body: unknown; query: Record<string, string>; params: Record<string, string> }) => Promise<unknown>;

/** A file answer: its parts as they come in (an async source may hold one back, or throw where the connection breaks). */
export class StreamedFile {
  constructor(
    readonly parts: AsyncIterable<string> | Iterable<string>,
    readonly contentType = 'text/csv; charset=utf-8',
  ) {}
}

/** jsdom has no Response: the parts of one that the admin calls read. */
function answer(status: number, body: unknown): Response {
  const headers = { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) };
  return { ok: status >= 200 && status < 300, status, headers, body: null, text: async () => JSON.stringify(body) } as unknown as Response;
}

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

/** Serves the handlers given, by route, through fetch until the test ends; answers the fetch mock. */
export function serveAdminApi(handlers: Partial<Record<RouteName, AdminHandler>>): jest.Mock {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = (Object.keys(handlers) as RouteName[]).find((key) => paramsOf(routes[key].path, url.pathname) !== null && routes[key].method === init?.method);
    if (!name) return answer(404, { error: `No fake for ${init?.method} ${url.pathname} in this test.` });
    const params = paramsOf(routes[name].path, url.pathname) ?? {};
    const masterKey = (init?.headers as Record<string, string> | undefined)?.[ADMIN_KEY_HEADER] ?? '';
    try {
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      const result = await handlers[name]!(masterKey, { body, query: Object.fromEntries(url.searchParams), params });
      return result instanceof StreamedFile ? fileAnswer(result) : answer(200, result);
    } catch (error) {
      return answer(error instanceof AdminApiError && error.status !== undefined ? error.status : 500, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return fetchMock;
}
